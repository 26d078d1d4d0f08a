// The greeting on Home, by the browser's own clock.

/** "Good morning" from five until noon, "Good afternoon" until six, "Good evening" after. */
export function greetingFor(now: Date): string {
  const hour = now.getHours()
  if (hour >= 5 && hour < 12) return 'Good morning'
  if (hour >= 12 && hour < 18) return 'Good afternoon'
  return 'Good evening'
}
