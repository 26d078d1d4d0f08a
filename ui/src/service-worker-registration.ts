// Registers the service worker that precaches the built assets, written by the vite plugin in
// ui/build/service-worker-plugin.ts. It is served as /dist/sw.js, next to the assets, so its
// scope is /dist/ (the base URL).

export function registerServiceWorker(): void {
  // The dev server builds no worker; registering there would only log a 404.
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  const register = () => {
    navigator.serviceWorker
      .register(`${import.meta.env.BASE_URL}sw.js`, { scope: import.meta.env.BASE_URL })
      .catch((error: unknown) => console.error('The service worker could not be registered', error))
  }
  // After load, so that precaching does not compete with the first page for the hub's bandwidth.
  if (document.readyState === 'complete') register()
  else window.addEventListener('load', register, { once: true })
}
