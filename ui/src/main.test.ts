import { expect, it } from 'vitest'

it('shows a red message instead of the app when the root element is missing', async () => {
  document.body.innerHTML = ''
  await import('./main')
  const message = document.body.querySelector('p')
  expect(message?.textContent).toContain('the root element is missing')
  expect(message?.style.color).toBe('rgb(198, 40, 40)')
})
