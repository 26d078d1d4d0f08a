// The automation editor's one form: name, trigger and scenes. It checks with the hub's own
// rules before sending, shows each broken rule at its field (the hub's answers too), then
// creates or saves. The edit page hears whether it holds unsaved changes and may save it
// (the status card's "Save and run").
import { useEffect, useImperativeHandle, useRef, useState } from 'react'
import type { FormEvent, Ref } from 'react'
import { useSWRConfig } from 'swr'
import { useLocation } from 'wouter'
import { staleAfterChangeOf } from '../../api/cache-keys'
import { useBlindList, useHubStatus } from '../../api/hooks'
import { mutations } from '../../api/operations'
import { NAME_MAX } from '../../../../hub/validation/fields'
import { TextField } from '../../components/fields'
import { errorMessage, type FieldErrors } from '../../forms/field-errors'
import { useToast } from '../../shell/toast'
import { UnsavedChangesGuard } from '../../shell/UnsavedChangesGuard'
import {
  toAutomationInput,
  type AutomationDraft,
  type SceneDraft,
  type TriggerDraft,
} from './draft'
import { serverFieldErrors, validateDraft } from './draft-validation'
import { SceneListEditor } from './SceneListEditor'
import { TriggerEditor } from './TriggerEditor'
import { useT } from '../../i18n/I18nProvider'
import { editPageMessages as m } from './automation.messages'

/** What the edit page may ask of the form. */
export interface AutomationFormHandle {
  /** Checks and saves the draft as the Save button does; true once the hub has saved it. */
  save(): Promise<boolean>
}

interface Props {
  /** Null for a new automation. */
  automationId: string | null
  initial: AutomationDraft
  /** Told whenever the draft starts or stops differing from what the hub holds. */
  onUnsavedChange?: (unsaved: boolean) => void
  handle?: Ref<AutomationFormHandle>
}

// The error keys a change to each draft field makes stale.
const TRIGGER_FIELD: Record<keyof TriggerDraft, string[]> = {
  type: ['trigger.type', 'trigger.cron', 'trigger.sunEvent', 'trigger.offsetMinutes'],
  cron: ['trigger.cron'],
  sunEvent: ['trigger.sunEvent'],
  offset: ['trigger.offsetMinutes'],
  enabled: [],
}
const SCENE_FIELD: Record<keyof SceneDraft, string[]> = {
  key: [],
  name: ['name'],
  type: ['type', 'duration', 'blindAddresses', 'blindIds', 'position', 'tilt'],
  seconds: ['duration'],
  addresses: ['blindAddresses'],
  blindIds: ['blindIds', 'tilt'],
  position: ['position'],
  tilt: ['tilt', 'position'],
}

export function AutomationForm({ automationId, initial, onUnsavedChange, handle }: Props) {
  const [draft, setDraft] = useState(initial)
  // What the hub holds (or, for a new automation, the empty form): leaving asks while the
  // draft differs from it.
  const [saved, setSaved] = useState(initial)
  const [created, setCreated] = useState(false)
  const unsaved = !created && !sameDraft(draft, saved)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  // Bumped on each refused save, so focus moves to the first marked field once per attempt.
  const [refusals, setRefusals] = useState(0)
  const { data: blinds } = useBlindList()
  const { data: hub } = useHubStatus()
  const { mutate } = useSWRConfig()
  const toast = useToast()
  const t = useT()
  const [, navigate] = useLocation()
  const form = useRef<HTMLFormElement>(null)
  const summary = useRef<HTMLDivElement>(null)

  useEffect(() => onUnsavedChange?.(unsaved), [unsaved, onUnsavedChange])

  useEffect(() => {
    if (refusals === 0 || !form.current) return
    const firstMarked = form.current.querySelector<HTMLElement>(
      '[aria-invalid="true"], [data-invalid] input',
    )
    ;(firstMarked ?? summary.current)?.focus()
  }, [refusals])

  const clearErrors = (stale: string[]) => {
    if (stale.some((key) => key in errors)) {
      setErrors((all) =>
        Object.fromEntries(Object.entries(all).filter(([k]) => !stale.includes(k))),
      )
    }
  }

  const changeTrigger = (patch: Partial<TriggerDraft>) => {
    setDraft((d) => ({ ...d, trigger: { ...d.trigger, ...patch } }))
    clearErrors(Object.keys(patch).flatMap((k) => TRIGGER_FIELD[k as keyof TriggerDraft]))
  }

  const changeScenes = (
    scenes: SceneDraft[],
    changed?: { index: number; patch: Partial<SceneDraft> },
  ) => {
    setDraft((d) => ({ ...d, scenes }))
    if (changed) {
      const fields = Object.keys(changed.patch).flatMap((k) => SCENE_FIELD[k as keyof SceneDraft])
      clearErrors(fields.map((f) => `scene[${changed.index}].${f}`))
    } else {
      // Added, removed or moved: the scene numbers the errors name no longer hold.
      clearErrors(Object.keys(errors).filter((k) => k.startsWith('scene')))
    }
  }

  /** Checks, then creates or saves; true once the hub holds the draft. */
  const save = async (): Promise<boolean> => {
    setFormError(null)
    const found = validateDraft(draft, { locationConfigured: hub?.locationConfigured })
    setErrors(found)
    if (Object.keys(found).length > 0) {
      setRefusals((n) => n + 1)
      return false
    }
    setSaving(true)
    try {
      const input = toAutomationInput(draft)
      if (automationId) {
        await mutations.automationUpdate(automationId, input)
        setSaved(draft)
        void mutate(staleAfterChangeOf('automation'))
        toast(t(m.saved))
      } else {
        const automation = await mutations.automationCreate(input)
        setCreated(true)
        void mutate(staleAfterChangeOf('automation'))
        toast(t(m.created, { name: automation.name }))
        navigate(`/automation/${automation.id}`, { replace: true })
      }
      return true
    } catch (err) {
      const fields = serverFieldErrors(err, draft)
      if (fields) setErrors(fields)
      else setFormError(errorMessage(err))
      setRefusals((n) => n + 1)
      return false
    } finally {
      setSaving(false)
    }
  }
  useImperativeHandle(handle, () => ({ save }))

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    await save()
  }

  const hasErrors = Object.keys(errors).length > 0
  return (
    <form ref={form} className="automation-form" onSubmit={(e) => void submit(e)} noValidate>
      {(hasErrors || formError) && (
        <div className="banner banner-error" role="alert" tabIndex={-1} ref={summary}>
          {formError ?? t(m.fixMarked)}
        </div>
      )}
      <div className="card">
        <TextField
          label={t(m.name)}
          value={draft.name}
          maxLength={NAME_MAX}
          autoComplete="off"
          placeholder={t(m.namePlaceholder)}
          onChange={(e) => {
            const name = e.target.value
            setDraft((d) => ({ ...d, name }))
            clearErrors(['name'])
          }}
          error={errors.name}
        />
      </div>
      <TriggerEditor
        trigger={draft.trigger}
        onChange={changeTrigger}
        errors={errors}
        timeZone={hub?.timeZone}
        locationConfigured={hub?.locationConfigured}
      />
      <SceneListEditor
        scenes={draft.scenes}
        onChange={changeScenes}
        errors={errors}
        blinds={blinds}
      />
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={saving}>
          {t(saving ? m.saving : m.save)}
        </button>
      </div>
      <UnsavedChangesGuard
        when={unsaved}
        what={t(automationId ? m.thisAutomation : m.theNewAutomation)}
      />
    </form>
  )
}

/** Whether two drafts would save the same automation. */
function sameDraft(a: AutomationDraft, b: AutomationDraft): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}
