// The UI's icons: small stroked SVGs drawn for Lamella and bundled, so nothing is fetched.
// Decorative by default (aria-hidden); the button or link around one carries its label.
// The logo and the close button's cross live in first-icons.tsx, so the toasts do not load
// the others.
import { Icon } from './first-icons'

export { CloseIcon, LogoMark } from './first-icons'

export const HomeIcon = () => (
  <Icon>
    <path d="M3 11.5 12 4l9 7.5" />
    <path d="M5.5 9.5V20h13V9.5" />
    <path d="M10 20v-5.5h4V20" />
  </Icon>
)

export const BlindsIcon = () => (
  <Icon>
    <rect x="3.5" y="3" width="17" height="18" rx="1.5" />
    <path d="M3.5 7.5h17M3.5 11.5h17M3.5 15.5h17" />
    <path d="M12 15.5v3" />
  </Icon>
)

export const AutomationIcon = () => (
  <Icon>
    <circle cx="12" cy="13" r="8" />
    <path d="M12 9v4l2.5 2.5" />
    <path d="M9.5 2.5h5" />
  </Icon>
)

/** A pointing hand: an automation that runs only when someone starts it. */
export const ManualIcon = () => (
  <Icon>
    <path d="M9 11.5V5a1.5 1.5 0 0 1 3 0v5.5" />
    <path d="M12 10V8.5a1.5 1.5 0 0 1 3 0V11" />
    <path d="M15 10.5a1.5 1.5 0 0 1 3 0v4a6.5 6.5 0 0 1-6.5 6.5h-.8a6 6 0 0 1-4.9-2.5L4 15.5a1.6 1.6 0 0 1 2.6-1.9L9 16" />
  </Icon>
)

export const UsersIcon = () => (
  <Icon>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20c0-3.6 2.9-6 6.5-6s6.5 2.4 6.5 6" />
    <path d="M15.5 4.8a3.5 3.5 0 0 1 0 6.4" />
    <path d="M18 14.5c2.1.8 3.5 2.8 3.5 5.5" />
  </Icon>
)

export const SettingsIcon = () => (
  <Icon>
    <path d="M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12" />
    <circle cx="16" cy="6" r="2" />
    <circle cx="10" cy="12" r="2" />
    <circle cx="18" cy="18" r="2" />
  </Icon>
)

export const SolarIcon = () => (
  <Icon>
    <path d="M4 20 6.5 10h11L20 20Z" />
    <path d="M5.3 15h13.4M10.5 10 10 20M13.5 10l.5 10" />
    <path d="M12 2.5v2.5M7.5 4.5l1.2 1.6M16.5 4.5l-1.2 1.6" />
  </Icon>
)

export const UpIcon = () => (
  <Icon>
    <path d="M12 19V5" />
    <path d="m5.5 11.5 6.5-6.5 6.5 6.5" />
  </Icon>
)

export const DownIcon = () => (
  <Icon>
    <path d="M12 5v14" />
    <path d="m5.5 12.5 6.5 6.5 6.5-6.5" />
  </Icon>
)

export const StopIcon = () => (
  <Icon>
    <rect x="6" y="6" width="12" height="12" rx="1.5" />
  </Icon>
)

export const StarIcon = ({ filled = false }: { filled?: boolean }) => (
  <Icon>
    <path
      d="m12 3 2.7 5.6 6.1.8-4.5 4.2 1.1 6.1L12 16.8l-5.4 2.9 1.1-6.1-4.5-4.2 6.1-.8Z"
      fill={filled ? 'currentColor' : 'none'}
    />
  </Icon>
)

export const PlayIcon = () => (
  <Icon>
    <path d="M7 4.5v15l12-7.5Z" />
  </Icon>
)

export const EditIcon = () => (
  <Icon>
    <path d="M4 20h4L19 9l-4-4L4 16Z" />
    <path d="m13.5 6.5 4 4" />
  </Icon>
)

/** A stopwatch: timing a blind's travel. */
export const TimerIcon = () => (
  <Icon>
    <circle cx="12" cy="13.5" r="7.5" />
    <path d="M12 13.5V9.5" />
    <path d="M10 2.5h4M12 2.5V6" />
    <path d="m18.5 6.5 1.5-1.5" />
  </Icon>
)

export const DeleteIcon = () => (
  <Icon>
    <path d="M4 6.5h16M9.5 6.5V4h5v2.5" />
    <path d="M6 6.5 7 20h10l1-13.5" />
    <path d="M10 10.5v6M14 10.5v6" />
  </Icon>
)

export const PlusIcon = () => (
  <Icon>
    <path d="M12 5v14M5 12h14" />
  </Icon>
)

export const SunIcon = () => (
  <Icon>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2.5v2M12 19.5v2M2.5 12h2M19.5 12h2M5.3 5.3l1.4 1.4M17.3 17.3l1.4 1.4M5.3 18.7l1.4-1.4M17.3 6.7l1.4-1.4" />
  </Icon>
)

export const MoonIcon = () => (
  <Icon>
    <path d="M20 14.5A8.5 8.5 0 0 1 9.5 4a8.5 8.5 0 1 0 10.5 10.5Z" />
  </Icon>
)

export const SystemIcon = () => (
  <Icon>
    <rect x="3" y="4" width="18" height="12.5" rx="1.5" />
    <path d="M8.5 20.5h7M12 16.5v4" />
  </Icon>
)

export const LogoutIcon = () => (
  <Icon>
    <path d="M14 4.5H5.5v15H14" />
    <path d="M10 12h10.5M17 8.5l3.5 3.5-3.5 3.5" />
  </Icon>
)

export const KeyIcon = () => (
  <Icon>
    <circle cx="8" cy="15" r="4.5" />
    <path d="m11.2 11.8 8.3-8.3M16.5 6.5l2.5 2.5M14 9l2 2" />
  </Icon>
)

export const ChevronUpIcon = () => (
  <Icon size={20}>
    <path d="m6 15 6-6 6 6" />
  </Icon>
)

export const ChevronDownIcon = () => (
  <Icon size={20}>
    <path d="m6 9 6 6 6-6" />
  </Icon>
)

/** Holiday mode: a suitcase. */
export const HolidayIcon = () => (
  <Icon>
    <rect x="3.5" y="7.5" width="17" height="12" rx="2" />
    <path d="M9 7.5V5.5a1.5 1.5 0 0 1 1.5-1.5h3A1.5 1.5 0 0 1 15 5.5v2M8 7.5v12M16 7.5v12" />
  </Icon>
)

export const AlertIcon = () => (
  <Icon>
    <path d="M12 3.5 2.5 20h19Z" />
    <path d="M12 10v4.5M12 17.3v.2" />
  </Icon>
)

/** A weather lock: a padlock. */
export const LockIcon = () => (
  <Icon>
    <rect x="5" y="10.5" width="14" height="10" rx="2" />
    <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" />
  </Icon>
)

/** Frost holding a blind where it stands: a snowflake. */
export const FrostIcon = () => (
  <Icon>
    <path d="M12 3v18M4.2 7.5l15.6 9M4.2 16.5l15.6-9" />
    <path d="m9.5 4.5 2.5 2 2.5-2M9.5 19.5l2.5-2 2.5 2" />
  </Icon>
)

/** The weather: wind lines. */
export const WindIcon = () => (
  <Icon>
    <path d="M3 8.5h11a2.5 2.5 0 1 0-2.5-2.5M3 12.5h15a2.5 2.5 0 1 1-2.5 2.5M3 16.5h7" />
  </Icon>
)

export const BackIcon = () => (
  <Icon>
    <path d="M19 12H5M11 5.5 4.5 12l6.5 6.5" />
  </Icon>
)
