// Leaving a form with unsaved changes asks first, by link, by reload or closing the tab; with
// nothing changed, or once saved, it never asks.
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { Link, Route, Router, Switch } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { UnsavedChangesGuard } from './UnsavedChangesGuard'

function Editor() {
  const [text, setText] = useState('')
  const [saved, setSaved] = useState('')
  return (
    <>
      <input aria-label="Name" value={text} onChange={(e) => setText(e.target.value)} />
      <button onClick={() => setSaved(text)}>Save</button>
      <UnsavedChangesGuard when={text !== saved} what="this scene" />
      <nav>
        <Link href="/elsewhere">Elsewhere</Link>
      </nav>
    </>
  )
}

function renderEditor() {
  const memory = memoryLocation({ path: '/edit', record: true })
  render(
    <Router hook={memory.hook}>
      <Switch>
        <Route path="/edit" component={Editor} />
        <Route path="/elsewhere">
          <h1>Elsewhere</h1>
        </Route>
      </Switch>
    </Router>,
  )
  return memory
}

/** Whether the browser would ask before a reload or closing the tab. */
function reloadAsks(): boolean {
  const event = new Event('beforeunload', { cancelable: true })
  window.dispatchEvent(event)
  return event.defaultPrevented
}

describe('leaving unsaved changes', () => {
  it('leaves at once when nothing was changed', async () => {
    const memory = renderEditor()
    expect(reloadAsks()).toBe(false)
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }))
    expect(memory.history).toEqual(['/edit', '/elsewhere'])
    expect(screen.queryByRole('alertdialog')).toBeNull()
  })

  it('asks before following a link, and stays with the changes on Keep editing', async () => {
    const user = userEvent.setup()
    const memory = renderEditor()
    await user.type(screen.getByLabelText('Name'), 'Morning')
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }))

    const question = screen.getByRole('alertdialog', { name: 'Leave without saving?' })
    expect(question.textContent).toContain('Your changes to this scene are not saved')
    expect(memory.history).toEqual(['/edit'])
    await user.click(screen.getByRole('button', { name: 'Keep editing' }))
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(memory.history).toEqual(['/edit'])
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Morning')
  })

  it('follows the link once the person agrees to lose the changes', async () => {
    const user = userEvent.setup()
    const memory = renderEditor()
    await user.type(screen.getByLabelText('Name'), 'Morning')
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }))
    await user.click(screen.getByRole('button', { name: 'Leave without saving' }))
    expect(memory.history).toEqual(['/edit', '/elsewhere'])
    expect(screen.getByRole('heading', { name: 'Elsewhere' })).toBeTruthy()
  })

  it('asks the browser to confirm a reload or a closed tab while changes are unsaved', async () => {
    const user = userEvent.setup()
    renderEditor()
    await user.type(screen.getByLabelText('Name'), 'Morning')
    expect(reloadAsks()).toBe(true)
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(reloadAsks()).toBe(false)
  })

  it('never asks after a save', async () => {
    const user = userEvent.setup()
    const memory = renderEditor()
    await user.type(screen.getByLabelText('Name'), 'Morning')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }))
    expect(memory.history).toEqual(['/edit', '/elsewhere'])
  })
})
