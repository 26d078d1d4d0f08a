// German, loaded on its own when a user reads German (I18nProvider). Every message id of the UI
// has its German here; i18n/catalog.test.ts fails on one that lacks it. The household's words
// are fixed in glossary.md beside this file.
import type { Catalog } from '../messages'

export const de: Catalog = {
  // Menus
  'menu.home': 'Start',
  'menu.blinds': 'Rollläden',
  'menu.automation': 'Automatisierung',
  'menu.newAutomation': 'Neue Automatisierung',
  'menu.editAutomation': 'Automatisierung bearbeiten',
  'menu.users': 'Benutzer',
  'menu.settings': 'Einstellungen',
  'menu.photovoltaics': 'Photovoltaik',
  'menu.mainMenu': 'Hauptmenü',

  // The frame
  'shell.reconnecting': 'Verbindung zum Hub verloren. Verbinde neu …',
  'shell.loading': 'Lädt',
  'shell.loadingAccount': 'Dein Konto wird geladen',
  'shell.account': 'Konto: {username}',
  'shell.signedInAs': 'Angemeldet als',
  'shell.admin': 'Admin',
  'shell.changePassword': 'Passwort ändern',
  'shell.logOut': 'Abmelden',
  'shell.colourMode': 'Farbmodus',
  'shell.light': 'Hell',
  'shell.dark': 'Dunkel',
  'shell.system': 'System',
  'shell.lightMode': 'Heller Farbmodus',
  'shell.darkMode': 'Dunkler Farbmodus',
  'shell.systemMode': 'Farbmodus des Systems',
  'shell.language': 'Sprache',
  'shell.browserLanguage': 'Browser',
  'shell.browserLanguageLong': 'Sprache des Browsers',
  'shell.languageNotKept': 'Die Sprache konnte nicht in deinem Konto gespeichert werden: {reason}',
  'shell.closeMessage': 'Meldung schließen',
  'shell.passwordChanged': 'Passwort geändert. Deine anderen Geräte sind abgemeldet.',
  'shell.currentPassword': 'Aktuelles Passwort',
  'shell.newPassword': 'Neues Passwort',
  'shell.newPasswordAgain': 'Neues Passwort wiederholen',
  'shell.newPasswordHint': 'Mindestens {min} Zeichen. Deine anderen Geräte werden abgemeldet.',
  'shell.leaveTitle': 'Ohne Speichern verlassen?',
  'shell.leaveMessage':
    'Deine Änderungen an {what} sind nicht gespeichert. Wenn du jetzt gehst, sind sie verloren.',
  'shell.leaveConfirm': 'Ohne Speichern verlassen',
  'shell.keepEditing': 'Weiter bearbeiten',

  // Error screens
  'errorScreen.goHome': 'Zur Startseite',
  'errorScreen.somethingWrong': 'Etwas ist schiefgegangen',
  'errorScreen.unknown': 'Unbekannter Fehler',
  'errorScreen.notFound': 'Nicht gefunden',
  'errorScreen.adminsOnly': 'Nur für Admins',
  'errorScreen.adminPage':
    '{page} ist für Administratoren. Frag einen, wenn dort etwas geändert werden soll.',
  'errorScreen.noPage': 'Unter {path} gibt es keine Seite.',
}
