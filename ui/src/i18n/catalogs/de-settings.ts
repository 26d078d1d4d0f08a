// German of the settings page's messages (ui/src/pages/settings), spread into de.ts. Words from
// glossary.md: Rollläden, Urlaubsmodus, Zeitplan, Beschattung, Photovoltaik, Wetterschutz.
import type { Catalog } from '../messages'

export const deSettings: Catalog = {
  'settings.title': 'Einstellungen',
  'settings.intro':
    'Für das ganze Haus. Die Einstellungen jedes Rollladens stehen in seinem Dialog unter Rollläden.',
  'settings.setOnHubWith': 'Wird am Hub gesetzt mit',
  'settings.and': 'und',
  'settings.off': 'Aus.',
  'settings.link': 'Verbindung',
  'settings.error': 'Fehler',
  'settings.online': 'Online',
  'settings.offline': 'Offline',
  'settings.offlineSince': 'Offline seit',
  'settings.holidayTitle': 'Urlaubsmodus',
  'settings.holidayDescription':
    'Pausiert jeden Zeitplan und die ganze Beschattung, während du weg bist. Von Hand gestartete Läufe funktionieren weiter.',
  'settings.livedIn': 'Bewohnt aussehen',
  'settings.onTime': 'Zeitpläne pünktlich',
  'settings.upToLater': 'Bis zu {minutes} min später',
  'settings.livedInHint':
    'Zeitpläne starten zufällig bis zu so viel später, ob im Urlaub oder nicht.',
  'settings.holidayNotSwitched': 'Der Urlaubsmodus konnte nicht umgeschaltet werden: {reason}',
  'settings.mqttTitle': 'Home Assistant (MQTT)',
  'settings.mqttOff':
    'Ist es gesetzt, sehen und bewegen Home Assistant und andere Hubs die Rollläden.',
  'settings.broker': 'Broker',
  'settings.hubId': 'Hub-ID',
  'settings.connected': 'Verbunden',
  'settings.disconnectedSince': 'Getrennt seit',
  'settings.connecting': 'Verbinde…',
  'settings.pvTitle': 'Photovoltaik',
  'settings.pvOff':
    'Ist es gesetzt, zeigt Start die Leistung des Wechselrichters, und die Beschattung kann auf echte Sonne warten.',
  'settings.inverter': 'Wechselrichter',
  'settings.notKnown': 'Unbekannt',
  'settings.powerAndEnergy': 'Leistung und Ertrag',

  'location.title': 'Standort des Hauses',
  'location.description':
    'Daraus berechnen Auslöser bei Sonnenaufgang und -untergang und die sonnenabhängige Beschattung, wo die Sonne steht.',
  'location.typeBoth': 'Gib Breitengrad und Längengrad ein',
  'location.cleared': 'Standort des Hauses gelöscht',
  'location.saved': 'Standort des Hauses gespeichert',
  'location.standsAt': 'Das Haus steht bei {place}',
  'location.setOnHub': 'am Hub gesetzt',
  'location.change': 'Ändern',
  'location.unknown':
    'Der Hub weiß nicht, wo das Haus steht, und kann daher nicht sagen, wo die Sonne steht.',
  'location.form': 'Standort des Hauses',
  'location.latitude': 'Breitengrad (° Nord)',
  'location.longitude': 'Längengrad (° Ost)',
  'location.hint':
    'Aus einer Karten-App: Die erste Zahl ist der Breitengrad. Süd und West sind negativ.',
  'location.saving': 'Speichere…',
  'location.set': 'Standort setzen',
  'location.cancelChange': 'Änderung des Standorts abbrechen',
  'location.cancel': 'Abbrechen',
  'location.notSaved': 'Der Standort konnte nicht gespeichert werden: {reason}',
  'location.north': 'N',
  'location.south': 'S',
  'location.east': 'O',
  'location.west': 'W',

  'matter.title': 'Apple Home, Google Home, Alexa (Matter)',
  'matter.description':
    'Jeder Rollladen in der Home-App deines Telefons und ihrem Sprachassistenten, in deinem eigenen Netzwerk, ohne Cloud.',
  'matter.notLoaded': 'Matter konnte nicht geladen werden: {reason}',
  'matter.offStart': 'Aus. Starte den Hub mit',
  'matter.offToPair': ', um ihn mit einer Home-App zu koppeln.',
  'matter.starting': 'Die Bridge startet…',
  'matter.windowOpened': 'Eine weitere App kann sich 15 Minuten lang koppeln',
  'matter.forgotten': 'Alle Kopplungen vergessen',
  'matter.pairedWith': 'Gekoppelt mit',
  'matter.qrLabel': 'QR-Code zum Koppeln mit Matter',
  'matter.openForAnother': '15 Minuten lang offen für eine weitere App',
  'matter.ready': 'Bereit zum Koppeln',
  'matter.stepAdd':
    'Wähle in deiner Home-App „Gerät hinzufügen“ (oder „Zubehör hinzufügen“), dann Matter.',
  'matter.stepScan': 'Scanne diesen Code oder gib den Code von Hand ein:',
  'matter.manualCode': 'Kopplungscode zum Eintippen',
  'matter.sameNetwork': 'Dein Telefon muss im selben Netzwerk sein wie der Hub.',
  'matter.allowAnother': 'Weitere App koppeln lassen',
  'matter.forgetAll': 'Alle Kopplungen vergessen',
  'matter.forgetTitle': 'Alle Kopplungen vergessen?',
  'matter.forgetMessage':
    'Jede Home-App verliert die Rollläden, mit ihren Räumen, Szenen und Automatisierungen dort. Du kannst mit dem hier gezeigten Code wieder koppeln.',
  'matter.forgetConfirm': 'Alle vergessen',
}
