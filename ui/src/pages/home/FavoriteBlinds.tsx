// The starred blinds, with the same live cards as the Blinds page: position, Up / Stop / Down
// and the presets; the sliders are left to the Blinds page, so the cards stay short.
import { useT } from '../../i18n/I18nProvider'
import { homeMessages as m } from './home.messages'
import { Link } from 'wouter'
import { useBlindList } from '../../api/hooks'
import { BlindCard } from '../../components/BlindCard'
import { errorMessage } from '../../forms/field-errors'
import { StarIcon } from '../../shell/icons'
import { InlineSpinner } from '../../shell/Spinner'
import { byName } from '../blinds/blind-order'

/** `moveBlockedBy`: while the bus is offline, the id of the text saying so (see MoveButtons). */
export function FavoriteBlinds({ moveBlockedBy }: { moveBlockedBy: string | null }) {
  const { data: blinds, error } = useBlindList()
  const t = useT()
  const favorites = (blinds ?? []).filter((b) => b.isFavorite).sort(byName)
  return (
    <section className="section" aria-labelledby="favourite-blinds">
      <div className="section-title">
        <h2 id="favourite-blinds">{t(m.favouriteBlinds)}</h2>
        {favorites.length > 0 && (
          <Link href="/blinds" className="section-link">
            {t(m.allBlinds)}
          </Link>
        )}
      </div>
      {!blinds && error && (
        <p className="banner banner-error">
          {t(m.blindsNotLoaded, { reason: errorMessage(error) })}
        </p>
      )}
      {!blinds && !error && <InlineSpinner label={t(m.loadingBlinds)} />}
      {blinds && favorites.length === 0 && (
        <div className="card empty-state home-empty">
          <StarIcon />
          <p>{t(m.noFavouriteBlinds)}</p>
          <Link href="/blinds" className="button button-quiet">
            {t(m.goToBlinds)}
          </Link>
        </div>
      )}
      {favorites.length > 0 && (
        <ul className="blind-cards" aria-labelledby="favourite-blinds">
          {favorites.map((blind) => (
            <BlindCard key={blind.id} blind={blind} moveBlockedBy={moveBlockedBy} sliders={false} />
          ))}
        </ul>
      )}
    </section>
  )
}
