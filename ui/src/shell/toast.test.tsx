import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TOAST_MS, ToastProvider, useToast } from './toast'

function Trigger({ text }: { text: string }) {
  const show = useToast()
  return <button onClick={() => show(text)}>show {text}</button>
}

describe('the toast', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }))
  afterEach(() => vi.useRealTimers())

  it('hides itself 3000 ms after it appears', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    render(
      <ToastProvider>
        <Trigger text="Blind saved" />
      </ToastProvider>,
    )
    await user.click(screen.getByRole('button', { name: 'show Blind saved' }))
    expect(screen.getByRole('status').textContent).toContain('Blind saved')
    act(() => vi.advanceTimersByTime(TOAST_MS - 50))
    expect(screen.getByRole('status').textContent).toContain('Blind saved')
    act(() => vi.advanceTimersByTime(100))
    expect(screen.getByRole('status').textContent).toBe('')
    expect(TOAST_MS).toBe(3000)
  })

  it('closes at once with its close button', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    render(
      <ToastProvider>
        <Trigger text="Started" />
      </ToastProvider>,
    )
    await user.click(screen.getByRole('button', { name: 'show Started' }))
    await user.click(screen.getByRole('button', { name: 'Close message' }))
    expect(screen.getByRole('status').textContent).toBe('')
  })

  it('shows a newer message in place of the older one, with a fresh 3 s', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    render(
      <ToastProvider>
        <Trigger text="first" />
        <Trigger text="second" />
      </ToastProvider>,
    )
    await user.click(screen.getByRole('button', { name: 'show first' }))
    act(() => vi.advanceTimersByTime(2000))
    await user.click(screen.getByRole('button', { name: 'show second' }))
    expect(screen.getByRole('status').textContent).toBe('second')
    act(() => vi.advanceTimersByTime(2000))
    expect(screen.getByRole('status').textContent).toBe('second')
    act(() => vi.advanceTimersByTime(1100))
    expect(screen.getByRole('status').textContent).toBe('')
  })
})
