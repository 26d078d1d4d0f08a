// German of the weather components' messages (ui/src/weather), spread into de.ts. Words from
// glossary.md: Rollladen/Rollläden, Windalarm, Regenalarm, Frost, Windsensor.
import type { Catalog } from '../messages'

export const deWeather: Catalog = {
  'weatherAlarm.wind': 'Windalarm: {wind}.',
  'weatherAlarm.windRaisedUntil': {
    one: 'Windalarm: {wind}. # Rollladen hochgefahren und gesperrt bis {until}',
    other: 'Windalarm: {wind}. # Rollläden hochgefahren und gesperrt bis {until}',
  },
  'weatherAlarm.windSafetyUntil': {
    one: 'Windalarm: {wind}. # Rollladen in Sicherheitsposition und gesperrt bis {until}',
    other: 'Windalarm: {wind}. # Rollläden in Sicherheitsposition und gesperrt bis {until}',
  },
  'weatherAlarm.windRaisedCalm': {
    one: 'Windalarm: {wind}. # Rollladen hochgefahren und gesperrt, bis es {minutes} Minuten ruhig ist',
    other:
      'Windalarm: {wind}. # Rollläden hochgefahren und gesperrt, bis es {minutes} Minuten ruhig ist',
  },
  'weatherAlarm.windSafetyCalm': {
    one: 'Windalarm: {wind}. # Rollladen in Sicherheitsposition und gesperrt, bis es {minutes} Minuten ruhig ist',
    other:
      'Windalarm: {wind}. # Rollläden in Sicherheitsposition und gesperrt, bis es {minutes} Minuten ruhig ist',
  },
  'weatherAlarm.rain': 'Regenalarm.',
  'weatherAlarm.rainRaisedUntil': {
    one: 'Regenalarm: # Rollladen hochgefahren und gesperrt bis {until}',
    other: 'Regenalarm: # Rollläden hochgefahren und gesperrt bis {until}',
  },
  'weatherAlarm.rainSafetyUntil': {
    one: 'Regenalarm: # Rollladen in Sicherheitsposition und gesperrt bis {until}',
    other: 'Regenalarm: # Rollläden in Sicherheitsposition und gesperrt bis {until}',
  },
  'weatherAlarm.rainRaisedDry': {
    one: 'Regenalarm: # Rollladen hochgefahren und gesperrt, bis es {minutes} Minuten nicht geregnet hat',
    other:
      'Regenalarm: # Rollläden hochgefahren und gesperrt, bis es {minutes} Minuten nicht geregnet hat',
  },
  'weatherAlarm.rainSafetyDry': {
    one: 'Regenalarm: # Rollladen in Sicherheitsposition und gesperrt, bis es {minutes} Minuten nicht geregnet hat',
    other:
      'Regenalarm: # Rollläden in Sicherheitsposition und gesperrt, bis es {minutes} Minuten nicht geregnet hat',
  },
  'weatherAlarm.frost': 'Frost.',
  'weatherAlarm.frostUntil': {
    one: 'Frost: # Rollladen bleibt bis {until}, wo er steht',
    other: 'Frost: # Rollläden bleiben bis {until}, wo sie stehen',
  },
  'weatherAlarm.frostWarm': {
    one: 'Frost: # Rollladen bleibt, wo er steht, bis es 2 Stunden lang 4 °C oder wärmer ist',
    other: 'Frost: # Rollläden bleiben, wo sie stehen, bis es 2 Stunden lang 4 °C oder wärmer ist',
  },
  'weatherAlarm.sensor': 'Windsensor stumm.',
  'weatherAlarm.sensorRaisedUntil': {
    one: 'Windsensor stumm: # Rollladen hochgefahren und gesperrt bis {until}',
    other: 'Windsensor stumm: # Rollläden hochgefahren und gesperrt bis {until}',
  },
  'weatherAlarm.sensorSafetyUntil': {
    one: 'Windsensor stumm: # Rollladen in Sicherheitsposition und gesperrt bis {until}',
    other: 'Windsensor stumm: # Rollläden in Sicherheitsposition und gesperrt bis {until}',
  },
  'weatherAlarm.sensorRaisedReads': {
    one: 'Windsensor stumm: # Rollladen hochgefahren und gesperrt, bis er wieder misst',
    other: 'Windsensor stumm: # Rollläden hochgefahren und gesperrt, bis er wieder misst',
  },
  'weatherAlarm.sensorSafetyReads': {
    one: 'Windsensor stumm: # Rollladen in Sicherheitsposition und gesperrt, bis er wieder misst',
    other: 'Windsensor stumm: # Rollläden in Sicherheitsposition und gesperrt, bis er wieder misst',
  },
  'weatherLock.WIND': 'Gesperrt: Windalarm',
  'weatherLock.RAIN': 'Gesperrt: Regenalarm',
  'weatherLock.SENSOR': 'Gesperrt: Windsensor stumm',
  'weatherLock.FROST': 'Gehalten: Frost',
  'weatherLockReason.WIND': 'Windalarm',
  'weatherLockReason.RAIN': 'Regenalarm',
  'weatherLockReason.SENSOR': 'Der Windsensor liefert keine Messwerte',
  'weatherLockReason.FROST': 'Frost nach Regen',
  'weatherLockReason.liftsAt': '{cause}; die Sperre kann um {time} enden.',
  'weatherLockReason.liftsWIND':
    '{cause}; die Sperre endet, wenn es lange genug ruhig war (Freigabezeit).',
  'weatherLockReason.liftsRAIN':
    '{cause}; die Sperre endet, wenn es lange genug nicht geregnet hat (Freigabezeit).',
  'weatherLockReason.liftsFROST':
    '{cause}; die Sperre endet nach 2 Stunden bei 4 °C oder wärmer, oder wenn ein Admin sie aufhebt.',
  'weatherLockReason.liftsSENSOR': '{cause}; die Sperre endet, sobald der Windsensor wieder misst.',
  'weatherLockReason.windOver': 'Wind {wind} über der Grenze von {limit}',
  'weatherLockReason.windUnder':
    'Wind jetzt {wind}, unter der Grenze von {limit}, aber noch nicht lange genug ruhig',
  'weatherLockReason.frostAt': 'Frost: {temperature} nach Regen',
  'weatherLockReason.sensorNO_SENSOR': 'Kein Windsensor eingerichtet',
  'weatherLockReason.sensorWAITING': 'Wartet auf den ersten Messwert des Windsensors',
  'weatherLockReason.sensorSILENT': 'Der Windsensor hat seit 60 s keinen Messwert geliefert',
  'weatherAlarmName.WIND': 'Wind',
  'weatherAlarmName.RAIN': 'Regen',
  'weatherAlarmName.FROST': 'Frost',
  'weatherAlarmName.SENSOR': 'Windsensor stumm',
  'windChart.gust': 'Böe',
  'windChart.mean': 'Mittel',
  'windChart.readout': '{time} · {mean}, Böe {gust}',
}
