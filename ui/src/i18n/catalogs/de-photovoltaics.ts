// German of the photovoltaics page's messages (ui/src/pages/photovoltaics), spread into de.ts.
// Words from glossary.md: Photovoltaik, Leistung (power), Ertrag (yield, energy).
import type { Catalog } from '../messages'

export const dePhotovoltaics: Catalog = {
  'pv.title': 'Photovoltaik',
  'pv.connecting': 'Verbinde mit dem Wechselrichter…',
  'pv.notLoaded': 'Der Wechselrichter konnte nicht geladen werden: {reason}',
  'pv.loading': 'Lade den Wechselrichter',
  'pv.powerNow': 'Leistung jetzt',
  'pv.notReachable': 'Nicht erreichbar',
  'pv.dcInput': 'DC-Eingang {power}',
  'pv.energyToday': 'Ertrag heute',
  'pv.lifetime': 'Gesamtertrag',
  'pv.notReadYet': 'Noch nicht gelesen',
  'pv.updatedAgo': 'Aktualisiert {ago}',
  'pv.lastReadAgo': 'Zuletzt gelesen {ago}',
  'pv.justNow': 'gerade eben',
  'pv.secondsAgo': 'vor {seconds} s',
  'pv.minutesAgo': 'vor {minutes} min',
  'pv.hoursAgo': 'vor {hours} h',
  'pv.strings': 'Strings (MPP-Tracker)',
  'pv.tracker': 'Tracker {id}',
  'pv.inverter': 'Wechselrichter',
  'pv.namePlateUnknown':
    'Noch unbekannt: Der Hub hat das Typenschild des Wechselrichters noch nicht gelesen.',
  'pv.manufacturer': 'Hersteller',
  'pv.model': 'Modell',
  'pv.serial': 'Seriennummer',
  'pv.version': 'Firmware-Version',
  'pv.chartFailed': 'Das Diagramm konnte nicht gezeichnet werden.',
  'pv.todaysPower': 'Leistung heute',
  'pv.samplesNotLoaded': 'Die Messwerte von heute konnten nicht geladen werden: {reason}',
  'pv.lastDays': { one: 'Letzter Tag', other: 'Letzte # Tage' },
  'pv.daysNotLoaded': 'Der Ertrag pro Tag konnte nicht geladen werden: {reason}',
  'pv.power': 'Leistung',
  'pv.energy': 'Ertrag',
  'pv.peakAt': 'Spitze {power} um {time}.',
  'pv.noProductionToday': 'Heute noch kein Ertrag.',
  'pv.soFarToday': 'Heute bisher {energy}.',
  'pv.noProductionDays': {
    one: 'Kein Ertrag am letzten Tag.',
    other: 'Kein Ertrag in den letzten # Tagen.',
  },
  'pv.bestDay': 'Bester Tag {day}, {energy}.',
  'pv.totalInDays': { one: '{energy} an # Tag.', other: '{energy} in # Tagen.' },
  'pv.offlineSince': 'Nicht erreichbar seit',
  'pv.offlineSinceStart': 'Nicht erreichbar, seit der Hub gestartet ist',
  'pv.offlineHint':
    'Der Hub versucht es alle 10 Sekunden wieder. Prüfe, ob der Wechselrichter eingeschaltet und im Netzwerk ist.',
  'pv.notSetUp': 'Kein Wechselrichter eingerichtet',
  'pv.setupIntro':
    'Lamella kann Leistung und Ertrag deines Wechselrichters zeigen, gelesen in deinem Heimnetz über Modbus TCP (SunSpec), das die meisten Wechselrichter von Fronius, SMA, SolarEdge und Kostal bieten.',
  'pv.setupHow':
    'Zum Einschalten setze diese Variable mit der Adresse des Wechselrichters und starte den Hub neu:',
  'pv.setupDefaults': 'Port 502 und Unit 1, wenn nicht angegeben; zum Beispiel',
  'pv.setupReadmeBefore': 'Der Abschnitt',
  'pv.setupReadmeAfter':
    'der README erklärt, wie du Modbus TCP am Wechselrichter erlaubst und wie du diese Seite mit dem eingebauten Emulator ausprobierst.',
}
