// What the list and the edit page both do with an automation: mark it a favourite (shown at
// once, undone if the hub refuses), run it now and cancel its run, each with a toast.
import { useCallback } from 'react'
import { useSWRConfig } from 'swr'
import { staleAfterChangeOf, staleAfterRunOf } from '../../api/cache-keys'
import { keys, mutations } from '../../api/operations'
import type { Automation, AutomationSummary } from '../../api/types'
import { errorMessage } from '../../forms/field-errors'
import { useToast } from '../../shell/toast'
import { useT } from '../../i18n/I18nProvider'
import { automationActionMessages as m } from './automation.messages'

interface Named {
  id: string
  name: string
}

export function useAutomationActions() {
  const { mutate } = useSWRConfig()
  const toast = useToast()
  const t = useT()

  const showFavorite = useCallback(
    (id: string, isFavorite: boolean) => {
      const patch = <T extends { id: string }>(a: T): T => (a.id === id ? { ...a, isFavorite } : a)
      void mutate<AutomationSummary[]>(keys.automationList, (list) => list?.map(patch), {
        revalidate: false,
      })
      void mutate<Automation | null>(keys.automation(id), (a) => (a ? patch(a) : a), {
        revalidate: false,
      })
    },
    [mutate],
  )

  const setFavorite = useCallback(
    async (automation: Named, isFavorite: boolean) => {
      showFavorite(automation.id, isFavorite)
      try {
        await mutations.setFavoriteAutomation(automation.id, isFavorite)
      } catch (err) {
        showFavorite(automation.id, !isFavorite)
        toast(errorMessage(err), 'error')
      }
      void mutate(staleAfterChangeOf('automation'))
    },
    [mutate, showFavorite, toast],
  )

  /** Starts a run; true when the hub started it. */
  const run = useCallback(
    async (automation: Named): Promise<boolean> => {
      try {
        await mutations.automationRun(automation.id)
        toast(t(m.started, { name: automation.name }))
        return true
      } catch (err) {
        // 409 while it already runs: the hub's message says so and names the run.
        toast(errorMessage(err), 'error')
        return false
      } finally {
        void mutate(staleAfterRunOf(automation.id))
      }
    },
    [mutate, toast, t],
  )

  const cancel = useCallback(
    async (automation: Named, runId: string) => {
      try {
        await mutations.automationCancel(runId)
        toast(t(m.cancelled, { name: automation.name }))
      } catch (err) {
        toast(errorMessage(err), 'error')
      } finally {
        void mutate(staleAfterRunOf(automation.id))
      }
    },
    [mutate, toast, t],
  )

  return { setFavorite, run, cancel }
}
