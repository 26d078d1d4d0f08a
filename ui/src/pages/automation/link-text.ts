// A message with a link in the middle ("set it in {settings}."): the words before and after the
// link, so the link sits where each language puts it rather than where English does.
import type { Message } from '../../i18n/messages'
import type { Translate } from '../../i18n/translate'

const MARK = '\u0000'

export function aroundLink(t: Translate, message: Message, placeholder: string): [string, string] {
  const [before = '', after = ''] = t(message, { [placeholder]: MARK }).split(MARK)
  return [before, after]
}
