// `node --import ./record-modules.mjs`: writes the URL of every module the process loads through
// the ES module loader, one per line, to the file LAMELLA_TEST_MODULE_LOG names. For the test
// that a hub without MQTT, PV or Matter loads none of their code.
import { register } from 'node:module'

register('./record-modules-hooks.mjs', import.meta.url)
