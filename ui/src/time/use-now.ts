// The current time, re-read every `intervalMs`, for text that ages: "updated 12 s ago".
import { useEffect, useState } from 'react'

export function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs)
    return () => clearInterval(timer)
  }, [intervalMs])
  return now
}
