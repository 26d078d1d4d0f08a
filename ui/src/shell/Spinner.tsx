import { useT } from '../i18n/I18nProvider'
import { shellMessages } from './shell.messages'

export function FullPageSpinner({ label }: { label?: string }) {
  const t = useT()
  return (
    <div className="full-page-spinner">
      <div className="spinner" role="progressbar" aria-label={label ?? t(shellMessages.loading)} />
    </div>
  )
}

export function InlineSpinner({ label }: { label?: string }) {
  const t = useT()
  return (
    <div
      className="spinner spinner-small"
      role="progressbar"
      aria-label={label ?? t(shellMessages.loading)}
    />
  )
}
