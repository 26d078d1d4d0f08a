// The automation's scenes in the order they run: add, remove and reorder them. After each of
// those, focus goes where a keyboard user expects it rather than to the top of the page.
import { useEffect, useId, useRef } from 'react'
import { SCENES_MAX } from '../../../../hub/validation/scene'
import type { Blind } from '../../api/types'
import type { FieldErrors } from '../../forms/field-errors'
import { PlusIcon } from '../../shell/icons'
import { newSceneDraft, type SceneDraft } from './draft'
import { SceneEditor, type SceneMove } from './SceneEditor'
import { useT } from '../../i18n/I18nProvider'
import { sceneMessages as m } from './automation.messages'
import './scene-editor.css'

interface Props {
  scenes: SceneDraft[]
  onChange: (scenes: SceneDraft[], changed?: { index: number; patch: Partial<SceneDraft> }) => void
  errors: FieldErrors
  blinds: Blind[] | undefined
}

/** Which control to focus after the scenes change: in a scene, or the Add button. */
type FocusRequest = { key: string; control: 'name' | 'up' | 'down' } | { key: null }

export function SceneListEditor({ scenes, onChange, errors, blinds }: Props) {
  const id = useId()
  const t = useT()
  const root = useRef<HTMLElement>(null)
  const focusRequest = useRef<FocusRequest | null>(null)

  useEffect(() => {
    const request = focusRequest.current
    focusRequest.current = null
    if (!request || !root.current) return
    if (request.key === null) {
      root.current.querySelector<HTMLElement>('[data-focus="add"]')?.focus()
      return
    }
    const scene = root.current.querySelector(`[data-scene-key="${request.key}"]`)
    const other = request.control === 'up' ? 'down' : 'up'
    // A scene moved to the top or bottom has its move button disabled: use the other one.
    const target = [request.control, other, 'name']
      .map((c) => scene?.querySelector<HTMLElement>(`[data-focus="${c}"]:not(:disabled)`))
      .find(Boolean)
    target?.focus()
  }, [scenes])

  const add = () => {
    const scene = newSceneDraft()
    focusRequest.current = { key: scene.key, control: 'name' }
    onChange([...scenes, scene])
  }

  const remove = (index: number) => {
    const next = scenes.filter((_, i) => i !== index)
    const neighbour = next[Math.min(index, next.length - 1)]
    focusRequest.current = neighbour ? { key: neighbour.key, control: 'name' } : { key: null }
    onChange(next)
  }

  const move = (index: number, by: SceneMove) => {
    const to = index + by
    const scene = scenes[index]
    if (!scene || to < 0 || to >= scenes.length) return
    const next = [...scenes]
    next.splice(index, 1)
    next.splice(to, 0, scene)
    focusRequest.current = { key: scene.key, control: by < 0 ? 'up' : 'down' }
    onChange(next)
  }

  return (
    <section className="section scene-list" aria-labelledby={`${id}-title`} ref={root}>
      <div className="section-title">
        <h2 id={`${id}-title`}>{t(m.scenes)}</h2>
        <span className="muted">{t(m.countOfMax, { count: scenes.length, max: SCENES_MAX })}</span>
      </div>
      <p className="muted">{t(m.order)}</p>
      {errors.scene && (
        <p className="field-error" role="alert">
          {errors.scene}
        </p>
      )}
      <ol className="scene-steps">
        {scenes.map((scene, index) => (
          <li key={scene.key}>
            <SceneEditor
              scene={scene}
              index={index}
              count={scenes.length}
              errors={errors}
              blinds={blinds}
              onChange={(patch) =>
                onChange(
                  scenes.map((s, i) => (i === index ? { ...s, ...patch } : s)),
                  { index, patch },
                )
              }
              onMove={(by) => move(index, by)}
              onRemove={() => remove(index)}
            />
          </li>
        ))}
      </ol>
      <div>
        <button
          type="button"
          className="button button-quiet"
          data-focus="add"
          disabled={scenes.length >= SCENES_MAX}
          onClick={add}
        >
          <PlusIcon />
          <span>{t(m.addScene)}</span>
        </button>
      </div>
    </section>
  )
}
