// The words of the frame around every page: menus, account menu, spinners, toasts, error
// screens. The login page's own are in pages/login.messages.ts.
import { defineMessages } from '../i18n/messages'

export const menuMessages = defineMessages('menu', {
  home: 'Home',
  blinds: 'Blinds',
  automation: 'Automation',
  newAutomation: 'New automation',
  editAutomation: 'Edit automation',
  users: 'Users',
  settings: 'Settings',
  photovoltaics: 'Photovoltaics',
  mainMenu: 'Main menu',
  /** The bottom bar's word, where 75 px must hold it on a phone. */
  automationShort: 'Automation',
})

export const shellMessages = defineMessages('shell', {
  loading: 'Loading',
  loadingAccount: 'Loading your account',
  closeMessage: 'Close message',
  reconnecting: 'Connection to the hub lost. Reconnecting…',
  account: 'Account: {username}',
  signedInAs: 'Signed in as',
  admin: 'admin',
  changePassword: 'Change password',
  logOut: 'Log out',
  colourMode: 'Colour mode',
  light: 'Light',
  dark: 'Dark',
  system: 'System',
  lightMode: 'Light colour mode',
  darkMode: 'Dark colour mode',
  systemMode: 'System colour mode',
  language: 'Language',
  browserLanguage: 'Browser',
  browserLanguageLong: 'Language of the browser',
  languageNotKept: 'The language could not be kept on your account: {reason}',
  passwordChanged: 'Password changed. Your other devices are signed out.',
  currentPassword: 'Current password',
  newPassword: 'New password',
  newPasswordAgain: 'New password again',
  newPasswordHint: 'At least {min} characters. Your other devices will be signed out.',
  leaveTitle: 'Leave without saving?',
  leaveMessage: 'Your changes to {what} are not saved. If you leave now, they are lost.',
  leaveConfirm: 'Leave without saving',
  keepEditing: 'Keep editing',
})

export const errorScreenMessages = defineMessages('errorScreen', {
  goHome: 'Go to Home',
  somethingWrong: 'Something went wrong',
  unknown: 'Unknown Error',
  notFound: 'Not Found',
  adminsOnly: 'Admins only',
  adminPage: '{page} is for administrators. Ask one if you need something changed there.',
  noPage: 'There is no page at {path}.',
})
