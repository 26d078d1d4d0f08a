// German of the hub's errors by their stable reason (ui/src/forms/errors.messages.ts), and of
// the fields an error names as its `other`; spread into de.ts. Words from glossary.md.
import type { Catalog } from '../messages'

export const deErrors: Catalog = {
  'error.INVALID': 'Dieser Wert ist ungültig.',
  'error.REQUIRED': 'Pflichtfeld.',
  'error.EMPTY': 'Darf nicht leer sein.',
  'error.TOO_LONG': { one: 'Höchstens # Zeichen.', other: 'Höchstens # Zeichen.' },
  'error.LENGTH': 'Muss {min} bis {max} Zeichen lang sein.',
  'error.RANGE': 'Muss eine ganze Zahl von {min} bis {max} sein.',
  'error.ONE_OF': 'Muss eines von {allowed} sein.',
  'error.NOT_UUID': 'Keine vom Hub vergebene ID.',
  'error.CONTROL_CHARACTERS': 'Darf keine Steuerzeichen enthalten.',
  'error.USERNAME_CHARACTERS':
    'Nur Kleinbuchstaben a–z, Ziffern 0–9, Punkt, Unterstrich und Bindestrich.',
  'error.PASSWORD_MISMATCH': 'Stimmt nicht mit deinem Passwort überein.',
  'error.UNAUTHENTICATED': 'Nicht angemeldet, oder die Sitzung ist abgelaufen.',
  'error.WRONG_LOGIN': 'Falscher Benutzername oder falsches Passwort.',
  'error.FORBIDDEN': 'Das darfst du nicht.',
  'error.NOT_FOUND': 'Das gibt es (nicht mehr).',
  'error.CONFLICT': 'Das widerspricht dem, was der Hub schon hat.',
  'error.NAME_TAKEN': '{name} ist schon vergeben.',
  'error.TOO_MANY_ATTEMPTS': {
    one: 'Zu viele fehlgeschlagene Anmeldungen; versuch es in einer Minute wieder.',
    other: 'Zu viele fehlgeschlagene Anmeldungen; versuch es in # Minuten wieder.',
  },
  'error.BUS_OFFLINE':
    'Der Relais-Bus ist offline, daher können sich die Rollläden erst wieder bewegen, wenn er zurück ist.',
  'error.WEATHER_LOCKED':
    '{blindName} darf während des Wetteralarms nur in seine Sicherheitsposition.',
  'error.WEATHER_FROZEN': '{blindName} bleibt bei Frost, wo er steht.',
  'error.NUMBER_RANGE': 'Muss eine Zahl von {min} bis {max} sein.',
  'error.NOT_ZERO_RANGE': 'Muss eine Zahl von {min} bis {max} sein, aber nicht 0.',
  'error.ZERO_OR_RANGE': 'Muss 0 (ohne Lamellen) oder eine ganze Zahl von {min} bis {max} sein.',
  'error.TOO_MANY_BYTES': { one: 'Höchstens # Byte lang.', other: 'Höchstens # Bytes lang.' },
  'error.TIME_OF_DAY': 'Muss eine Uhrzeit von 00:00 bis 23:59 sein, etwa 07:30.',
  'error.DATE_TIME': 'Muss ein Datum mit Uhrzeit und Zeitzone sein, etwa 2026-06-21T00:00:00Z.',
  'error.LIST_LENGTH': 'Muss {min} bis {max} Einträge haben.',
  'error.REPEATED': '{value} steht doppelt in der Liste.',
  'error.REQUIRED_WITH': 'Pflichtfeld, zusammen mit {other}.',
  'error.REQUIRED_OR': 'Gib dies oder {other} an.',
  'error.REQUIRES_OTHER': 'Braucht zuerst {other}.',
  'error.MUST_BE_EMPTY_UNLESS': 'Muss leer (oder 0) bleiben, außer {other} ist {value}.',
  'error.MUST_BE_EMPTY_FOR': 'Muss leer bleiben, wenn {other} {value} ist.',
  'error.MUST_DIFFER': 'Muss sich von {other} unterscheiden ({value}).',
  'error.MUST_MATCH': 'Muss mit {other} übereinstimmen.',
  'error.WITHIN_DAYS': {
    one: 'Muss nach {other} liegen, höchstens # Tag später.',
    other: 'Muss nach {other} liegen, höchstens # Tage später.',
  },
  'error.ADDRESS': 'Muss UNIT:COIL sein, eine Modbus-Unit und eine Coil-Nummer, etwa {example}.',
  'error.ADDRESS_UNIT': 'Die Unit muss von {min} bis {max} gehen.',
  'error.ADDRESS_COIL': 'Die Coil muss von {min} bis {max} gehen.',
  'error.UNKNOWN_BLIND': 'Kein Rollladen hat {value}.',
  'error.BOTH_RELAYS':
    'Eine Szene darf nicht das Auf- und das Ab-Relais von {blindName} zugleich schalten.',
  'error.NO_SLATS': 'Nur für Rollläden mit Lamellen (die Wendezeit ist 0).',
  'error.CRON': 'Kein Zeitplan, den der Hub ausführen kann.',
  'error.CRON_SHORTCUT': 'Kürzel wie {value} nimmt der Hub nicht: Schreib {shortcut}.',
  'error.CRON_CHARACTER': '„{value}“ gehört nicht in einen Cron-Ausdruck.',
  'error.CRON_FIELD_COUNT': {
    one: 'Hat # Feld; nötig sind 5 (Minute, Stunde, Tag im Monat, Monat, Wochentag) oder 6 mit den Sekunden vorn.',
    other:
      'Hat # Felder; nötig sind 5 (Minute, Stunde, Tag im Monat, Monat, Wochentag) oder 6 mit den Sekunden vorn.',
  },
  'error.CRON_ITEM': 'Das Feld „{part}“ enthält „{value}“; das kann der Hub nicht lesen.',
  'error.CRON_VALUE': 'Das Feld „{part}“ enthält {value}; erlaubt sind {min} bis {max}.',
  'error.CRON_STEP': 'Der Schritt in „{value}“ (Feld „{part}“) muss {min} bis {max} sein.',
  'error.CRON_NEVER_DAY':
    'Läuft nie: Den Tag im Monat {day} gibt es in den angegebenen Monaten nicht.',
  'error.CRON_NEVER_BOTH':
    'Läuft nie: Kein Datum passt zugleich zum Tag im Monat ({day}) und zum Wochentag ({weekday}).',
  'cronPart.second': 'Sekunde',
  'cronPart.minute': 'Minute',
  'cronPart.hour': 'Stunde',
  'cronPart.dayOfMonth': 'Tag im Monat',
  'cronPart.month': 'Monat',
  'cronPart.dayOfWeek': 'Wochentag',
  'error.NEEDS_LOCATION':
    'Braucht den Standort des Hauses: Ein Admin legt ihn in den Einstellungen fest.',
  'error.NEEDS_MQTT':
    'Braucht MQTT, das dieser Hub nicht nutzt: Lies den Sensor stattdessen über den Bus.',
  'error.MQTT_WILDCARD': 'Muss genau ein Topic sein, ohne die Platzhalter + und #.',
  'error.IN_USE': 'Wird noch von Automatisierungen genutzt: {by}.',
  'error.ADDRESS_TAKEN': '{address} gehört schon zu {name}.',
  'error.LAST_ADMIN':
    'Der letzte Admin muss Admin bleiben; mach zuerst einen anderen Benutzer zum Admin.',
  'error.ALREADY_RUNNING': 'Diese Automatisierung läuft schon; brich sie zuerst ab.',
  'error.ALREADY_ENDED': 'Dieser Lauf ist schon beendet.',
  'error.NO_CALIBRATION': 'Für diesen Rollladen läuft gerade keine Kalibrierung.',
  'error.SET_ON_HUB':
    'Der Standort des Hauses ist auf dem Hub festgelegt (LAMELLA_LAT und LAMELLA_LON); ändere ihn dort.',
  'error.MATTER_OFF': 'Matter ist aus: Starte den Hub mit LAMELLA_MATTER=1, um Apps zu koppeln.',
  'error.MATTER_STARTING': 'Matter startet noch; versuch es gleich noch einmal.',
  // A field as the one error that names it needs it: accusative after "braucht", dative after
  // "mit", "von" and "nach", nominative after "außer".
  'errorField.travelTimeMs': 'die Fahrzeit',
  'errorField.facadeAzimuth': 'die Ausrichtung des Fensters',
  'errorField.shadePosition': 'eine Beschattungsposition',
  'errorField.lat': 'dem Breitengrad',
  'errorField.lon': 'dem Längengrad',
  'errorField.tilt': 'eine Neigung',
  'errorField.type': 'die Art',
  'errorField.triggerType': 'der Auslöser',
  'errorField.blindAddressUp': 'der Adresse Auf',
  'errorField.password': 'dem neuen Passwort',
  'errorField.from': 'dem Beginn',
  'error.UNREACHABLE':
    'Der Hub ist nicht erreichbar. Prüfe die Verbindung und versuch es noch einmal.',
  'error.somethingWrong': 'Etwas ist schiefgegangen',
}
