import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ERROR_TOAST_MS, TOAST_MS, ToastOutlet, ToastProvider, useToast } from './toast'

function Trigger({ text, kind }: { text: string; kind?: 'error' }) {
  const show = useToast()
  return <button onClick={() => show(text, kind)}>show {text}</button>
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

  it('keeps an error 8000 ms, long enough to read, not the 3000 ms of a plain message', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    render(
      <ToastProvider>
        <Trigger text="The relay bus is offline" kind="error" />
      </ToastProvider>,
    )
    await user.click(screen.getByRole('button', { name: 'show The relay bus is offline' }))
    act(() => vi.advanceTimersByTime(TOAST_MS + 2000))
    expect(screen.getByRole('status').textContent).toContain('The relay bus is offline')
    act(() => vi.advanceTimersByTime(ERROR_TOAST_MS - TOAST_MS - 2000 + 50))
    expect(screen.getByRole('status').textContent).toBe('')
    expect(ERROR_TOAST_MS).toBe(8000)
  })

  it('stays while the pointer rests on it, and hides its time after the pointer leaves', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    render(
      <ToastProvider>
        <Trigger text="Blind saved" />
      </ToastProvider>,
    )
    await user.click(screen.getByRole('button', { name: 'show Blind saved' }))
    await user.hover(screen.getByText('Blind saved'))
    act(() => vi.advanceTimersByTime(TOAST_MS * 3))
    expect(screen.getByRole('status').textContent).toBe('Blind saved')
    await user.unhover(screen.getByText('Blind saved'))
    act(() => vi.advanceTimersByTime(TOAST_MS + 50))
    expect(screen.getByRole('status').textContent).toBe('')
  })

  it('shows in the place the layout keeps for it, not over the page', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    render(
      <ToastProvider>
        <main>
          <Trigger text="Saved" />
        </main>
        <aside data-testid="side-menu">
          <ToastOutlet />
        </aside>
      </ToastProvider>,
    )
    await user.click(screen.getByRole('button', { name: 'show Saved' }))
    expect(screen.getByTestId('side-menu').textContent).toBe('Saved')
    expect(screen.getByRole('main').contains(screen.getByRole('status'))).toBe(false)
  })
})
