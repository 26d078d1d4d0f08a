import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { FacadePicker, wedgePath, wrapAzimuth } from './FacadePicker'

/** The picker as a form holds it: the value it was given back after each change. */
function Picker({
  start,
  left = 90,
  right = 90,
}: {
  start: number | null
  left?: number
  right?: number
}) {
  const [azimuth, setAzimuth] = useState(start)
  return <FacadePicker azimuth={azimuth} fovLeft={left} fovRight={right} onChange={setAzimuth} />
}

const dial = () => screen.getByRole('slider', { name: 'Facade direction' })

describe('the facade picker', () => {
  it('says which way the window faces as a slider from 0 to 359', () => {
    render(<Picker start={180} />)
    expect(dial().getAttribute('aria-valuenow')).toBe('180')
    expect(dial().getAttribute('aria-valuemin')).toBe('0')
    expect(dial().getAttribute('aria-valuemax')).toBe('359')
    expect(dial().getAttribute('aria-valuetext')).toBe('Window faces 180°, south')
  })

  it('turns by 1° with the arrow keys and by 10° with Shift', async () => {
    render(<Picker start={180} />)
    const user = userEvent.setup()
    dial().focus()
    await user.keyboard('{ArrowRight}{ArrowUp}')
    expect(dial().getAttribute('aria-valuenow')).toBe('182')
    await user.keyboard('{Shift>}{ArrowRight}{/Shift}')
    expect(dial().getAttribute('aria-valuenow')).toBe('192')
    await user.keyboard('{Shift>}{ArrowLeft}{ArrowLeft}{ArrowLeft}{/Shift}{ArrowDown}')
    expect(dial().getAttribute('aria-valuenow')).toBe('161')
    expect(dial().getAttribute('aria-valuetext')).toBe('Window faces 161°, south')
  })

  it('wraps from 359 to 0 and back, past north', async () => {
    render(<Picker start={358} />)
    const user = userEvent.setup()
    dial().focus()
    await user.keyboard('{ArrowRight}')
    expect(dial().getAttribute('aria-valuenow')).toBe('359')
    await user.keyboard('{ArrowRight}')
    expect(dial().getAttribute('aria-valuenow')).toBe('0')
    expect(dial().getAttribute('aria-valuetext')).toBe('Window faces 0°, north')
    await user.keyboard('{ArrowLeft}')
    expect(dial().getAttribute('aria-valuenow')).toBe('359')
    await user.keyboard('{Shift>}{ArrowRight}{/Shift}')
    expect(dial().getAttribute('aria-valuenow')).toBe('9')
    expect(wrapAzimuth(-1)).toBe(359)
    expect(wrapAzimuth(720)).toBe(0)
  })

  it('sets a facade where none was with the first key, starting at south', async () => {
    render(<Picker start={null} />)
    expect(dial().getAttribute('aria-valuetext')).toBe('No facade set')
    expect(screen.queryByTestId('facade-wedge')).toBeNull()
    const user = userEvent.setup()
    dial().focus()
    await user.keyboard('{ArrowLeft}')
    expect(dial().getAttribute('aria-valuenow')).toBe('180')
    expect(screen.getByTestId('facade-wedge')).toBeTruthy()
  })

  it('points where it is tapped: the right edge of the dial is east', () => {
    render(<Picker start={180} />)
    const svg = dial().querySelector('svg')!
    svg.getBoundingClientRect = () => ({ left: 0, top: 0, width: 200, height: 200 }) as DOMRect
    fireEvent.pointerDown(svg, { clientX: 190, clientY: 100, pointerId: 1 })
    expect(dial().getAttribute('aria-valuetext')).toBe('Window faces 90°, east')
    fireEvent.pointerDown(svg, { clientX: 30, clientY: 30, pointerId: 1 })
    expect(dial().getAttribute('aria-valuetext')).toBe('Window faces 315°, north-west')
  })

  it('draws the sky the sun counts in as a wedge from facade - left to facade + right', () => {
    // South, 90° each way: from east (the dial's right edge) clockwise through south to west.
    expect(wedgePath(180, 90, 90)).toBe('M 100 100 L 184 100 A 84 84 0 0 1 16 100 Z')
    // East, 30° left (to 60°, north of east) and 60° right (to 150°, south-south-east).
    expect(wedgePath(90, 30, 60)).toBe('M 100 100 L 172.75 58 A 84 84 0 0 1 142 172.75 Z')
    render(<Picker start={90} left={30} right={60} />)
    expect(screen.getByTestId('facade-wedge').getAttribute('d')).toBe(wedgePath(90, 30, 60))
  })
})
