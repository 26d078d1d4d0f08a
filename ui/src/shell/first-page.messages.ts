// The frame's words a new browser's first page needs (the login page's spinners and toast),
// apart from shell.messages.ts so it downloads only these. Their ids stay under `shell`.
import { defineMessages } from '../i18n/messages'

export const firstPageMessages = defineMessages('shell', {
  loading: 'Loading',
  loadingAccount: 'Loading your account',
  closeMessage: 'Close message',
})
