// Messages of pages (English beside the code; German in i18n/catalogs/de.ts).
import { defineMessages } from '../i18n/messages'

export const loginMessages = defineMessages('login', {
  intro: 'Sign in to control your blinds.',
  username: 'Username',
  password: 'Password',
  logIn: 'Log in',
  loggingIn: 'Logging in…',
})
