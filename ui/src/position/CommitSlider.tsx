// A 0-100 slider that says where to go once the person lets go: dragging only moves the thumb,
// and the command goes on release. By keyboard (arrows, Page Up/Down, Home, End) each step is
// a change, so the command waits until the keys rest a moment: five presses, one command.
import { useEffect, useId, useRef, useState } from 'react'

/** How long keyboard steps must rest before the value is sent. */
export const KEY_COMMIT_MS = 700

interface Props {
  /** The visible label, such as "Position". */
  label: string
  /** Said after the label to screen readers, such as "of Kitchen". */
  labelDetail: string
  /** Where the thumb rests while nobody holds it; null: not known (the thumb sits midway). */
  value: number | null
  /** Said while the value is not known, such as "Position unknown". */
  unknownText: string
  /** The value in words, for the output and for screen readers. */
  valueText: (value: number) => string
  onCommit: (value: number) => Promise<unknown>
  disabled?: boolean
  describedBy?: string | undefined
}

export function CommitSlider(props: Props) {
  const { label, labelDetail, value, unknownText, valueText, onCommit, disabled, describedBy } =
    props
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  // The value being chosen, or sent and not yet answered; null while the thumb follows `value`.
  const [chosen, setChosen] = useState<number | null>(null)
  const viaKeys = useRef(false)
  const commit = useRef(onCommit)
  commit.current = onCommit

  useEffect(() => {
    const element = input.current
    if (!element) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const send = (to: number) => {
      void commit.current(to).finally(() => setChosen(null))
    }
    // The DOM's own change event: on release for a pointer, on every step for keys.
    const changed = () => {
      const to = Number(element.value)
      clearTimeout(timer)
      if (viaKeys.current) timer = setTimeout(() => send(to), KEY_COMMIT_MS)
      else send(to)
    }
    element.addEventListener('change', changed)
    return () => {
      element.removeEventListener('change', changed)
      clearTimeout(timer)
    }
  }, [])

  const shown = chosen ?? value
  const text = shown === null ? unknownText : valueText(shown)
  return (
    <div className="commit-slider" data-unknown={shown === null || undefined}>
      <label className="commit-slider-label" htmlFor={id}>
        {label}
      </label>
      <input
        ref={input}
        id={id}
        type="range"
        min={0}
        max={100}
        step={1}
        value={shown ?? 50}
        aria-label={`${label} ${labelDetail}`}
        aria-valuetext={text}
        aria-describedby={describedBy}
        disabled={disabled}
        onKeyDown={() => (viaKeys.current = true)}
        onPointerDown={() => (viaKeys.current = false)}
        onChange={(e) => setChosen(Number(e.target.value))}
      />
      <output className="commit-slider-value" htmlFor={id} aria-hidden="true">
        {text}
      </output>
    </div>
  )
}
