export function FullPageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="full-page-spinner">
      <div className="spinner" role="progressbar" aria-label={label} />
    </div>
  )
}

export function InlineSpinner({ label = 'Loading' }: { label?: string }) {
  return <div className="spinner spinner-small" role="progressbar" aria-label={label} />
}
