import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig, parseServeFlags, type Config } from './config'

/** The error loadConfig throws for these variables (and flags), or a failure when it throws none. */
function configError(env: NodeJS.ProcessEnv, flags: Record<string, string> = {}): ConfigError {
  try {
    loadConfig(env, flags)
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError)
    return err as ConfigError
  }
  throw new Error(`loadConfig accepted ${JSON.stringify({ env, flags })}`)
}

describe('loadConfig', () => {
  it('starts from the defaults of ARCHITECTURE.md section 2 when nothing is set', () => {
    expect(loadConfig({})).toEqual<Config>({
      host: '0.0.0.0',
      port: 8080,
      dbPath: './data/lamella.db',
      serial: 'emulator',
      baud: 9600,
      parity: 'none',
      pulse: 'device',
      deadTimeMs: 1000,
      adminPassword: undefined,
      location: undefined,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      logLevel: 'info',
      clock: 'auto',
      development: false,
      publicUrl: undefined,
      mqtt: undefined,
      pv: undefined,
      matter: undefined,
      weather: undefined,
    })
  })

  it('reads every variable', () => {
    const config = loadConfig({
      LAMELLA_HOST: '127.0.0.1',
      LAMELLA_PORT: '3000',
      LAMELLA_DB: '/var/lib/lamella/lamella.db',
      LAMELLA_SERIAL: '/dev/serial/by-id/usb-FTDI_FT232R-if00-port0',
      LAMELLA_BAUD: '19200',
      LAMELLA_PARITY: 'even',
      LAMELLA_PULSE: 'hub',
      LAMELLA_DEAD_TIME_MS: '500',
      LAMELLA_ADMIN_PASSWORD: 'first-admin-password',
      LAMELLA_LAT: '52.52',
      LAMELLA_LON: '-13.405',
      TZ: 'Europe/Berlin',
      LAMELLA_LOG_LEVEL: 'warn',
      LAMELLA_CLOCK: 'trust',
      NODE_ENV: 'development',
      LAMELLA_MQTT_URL: 'mqtts://lamella:s3cret%2Fpw@broker.lan:8884',
      LAMELLA_MQTT_PREFIX: 'home/blinds',
      LAMELLA_HUB_ID: 'upstairs',
      LAMELLA_HA_DISCOVERY: '',
      LAMELLA_PV: 'modbus-tcp://192.168.1.20:1502?unit=3',
      LAMELLA_PUBLIC_URL: 'https://blinds.example.lan/lamella/',
    })
    expect(config).toEqual<Config>({
      host: '127.0.0.1',
      port: 3000,
      dbPath: '/var/lib/lamella/lamella.db',
      serial: '/dev/serial/by-id/usb-FTDI_FT232R-if00-port0',
      baud: 19200,
      parity: 'even',
      pulse: 'hub',
      deadTimeMs: 500,
      adminPassword: 'first-admin-password',
      location: { lat: 52.52, lon: -13.405 },
      timeZone: 'Europe/Berlin',
      logLevel: 'warn',
      clock: 'trust',
      development: true,
      publicUrl: 'https://blinds.example.lan/lamella/',
      mqtt: {
        url: 'mqtts://broker.lan:8884',
        username: 'lamella',
        password: 's3cret/pw',
        prefix: 'home/blinds',
        hubId: 'upstairs',
        discoveryPrefix: null,
      },
      pv: {
        url: 'modbus-tcp://192.168.1.20:1502?unit=3',
        host: '192.168.1.20',
        port: 1502,
        unit: 3,
      },
      matter: undefined,
      weather: undefined,
    })
  })

  describe('the built-in board’s weather', () => {
    it('takes a built-in script by name, for the emulator only', () => {
      expect(loadConfig({ LAMELLA_WEATHER: 'gusty' }).weather?.name).toBe('gusty')
      expect(() =>
        loadConfig({ LAMELLA_WEATHER: 'gusty', LAMELLA_SERIAL: '/dev/ttyUSB0' }),
      ).toThrow(/^LAMELLA_WEATHER is for the built-in emulator only/)
    })

    it('names the flag and the file it cannot read', () => {
      expect(() => loadConfig({}, { weather: '/nowhere/wind.json' })).toThrow(
        /^--weather \(LAMELLA_WEATHER\) must be calm, gusty, storm or a JSON file of steps; cannot read "\/nowhere\/wind.json"/,
      )
    })
  })

  describe('the public URL', () => {
    it('is worked out from host and port when LAMELLA_PUBLIC_URL is not set', () => {
      expect(loadConfig({ LAMELLA_PUBLIC_URL: ' ' }).publicUrl).toBeUndefined()
      expect(loadConfig({ LAMELLA_PUBLIC_URL: 'http://lamella.local:8080' }).publicUrl).toBe(
        'http://lamella.local:8080/',
      )
    })

    it.each([
      ['lamella.local:8080', 'lamella.local:8080'],
      ['ftp://lamella.local/', 'ftp://lamella.local/'],
      ['http://lamella.local/?token=1', 'http://lamella.local/?token=1'],
      ['http://lamella.local/#home', 'http://lamella.local/#home'],
      ['http://admin:secret@lamella.local/', 'http://***@lamella.local/'],
    ])(
      'stops the start when LAMELLA_PUBLIC_URL is %j, in one line without a password',
      (value, shown) => {
        const err = configError({ LAMELLA_PUBLIC_URL: value })
        expect(err.message).toBe(
          'LAMELLA_PUBLIC_URL must be the http:// or https:// address browsers open the hub at, ' +
            `such as http://lamella.local:8080, without user, query or fragment (got "${shown}")`,
        )
      },
    )
  })

  describe('PV', () => {
    it('is off without LAMELLA_PV, and reads port 502 and unit 1 when the URL leaves them out', () => {
      expect(loadConfig({ LAMELLA_PV: ' ' }).pv).toBeUndefined()
      expect(loadConfig({ LAMELLA_PV: 'modbus-tcp://inverter.lan' }).pv).toEqual({
        url: 'modbus-tcp://inverter.lan:502?unit=1',
        host: 'inverter.lan',
        port: 502,
        unit: 1,
      })
      expect(loadConfig({ LAMELLA_PV: 'modbus-tcp://[fd00::20]:5020?unit=126' }).pv).toEqual({
        url: 'modbus-tcp://[fd00::20]:5020?unit=126',
        host: 'fd00::20',
        port: 5020,
        unit: 126,
      })
    })

    it('takes --pv over LAMELLA_PV', () => {
      const config = loadConfig(
        { LAMELLA_PV: 'modbus-tcp://a.lan' },
        parseServeFlags(['--pv', 'modbus-tcp://127.0.0.1:5020']),
      )
      expect(config.pv?.url).toBe('modbus-tcp://127.0.0.1:5020?unit=1')
    })

    it.each([
      ['192.168.1.20', ''],
      ['tcp://192.168.1.20:502', ''],
      ['modbus-tcp://', ''],
      ['modbus-tcp://inverter:0', ''],
      ['modbus-tcp://inverter:65536', ''],
      ['modbus-tcp://inverter?unit=256', ''],
      ['modbus-tcp://inverter?unit=one', ''],
      ['modbus-tcp://inverter?unit=1&timeout=3', ', and no other parameter'],
      ['modbus-tcp://inverter/sunspec', ', and no path'],
      ['modbus-tcp://admin:pw@inverter', ', without user or password'],
    ])('stops the start when LAMELLA_PV is %j, in one line', (value, detail) => {
      const err = configError({ LAMELLA_PV: value })
      expect(err.message).toBe(
        `LAMELLA_PV must be a modbus-tcp:// URL with a host, an optional port and ?unit=0-255, such as modbus-tcp://192.168.1.20:502?unit=1${detail} (got "${value}")`,
      )
    })
  })

  describe('Matter', () => {
    it('is off unless LAMELLA_MATTER is 1, and listens on UDP 5540 on every interface by default', () => {
      expect(loadConfig({}).matter).toBeUndefined()
      expect(
        loadConfig({ LAMELLA_MATTER: '0', LAMELLA_MATTER_PORT: '5541' }).matter,
      ).toBeUndefined()
      expect(loadConfig({ LAMELLA_MATTER: '1' }).matter).toEqual({
        port: 5540,
        networkInterface: null,
      })
      expect(
        loadConfig({
          LAMELLA_MATTER: '1',
          LAMELLA_MATTER_PORT: '5541',
          LAMELLA_MATTER_INTERFACE: 'wlan0',
        }).matter,
      ).toEqual({ port: 5541, networkInterface: 'wlan0' })
    })

    it('takes --matter-port over LAMELLA_MATTER_PORT, and names the flag when it is wrong', () => {
      const flags = parseServeFlags(['--matter', '1', '--matter-port', '6000'])
      expect(loadConfig({ LAMELLA_MATTER_PORT: '5541' }, flags).matter?.port).toBe(6000)
      expect(() =>
        loadConfig({}, parseServeFlags(['--matter', '1', '--matter-port', '0'])),
      ).toThrow('--matter-port (LAMELLA_MATTER_PORT) must be an integer from 1 to 65535 (got "0")')
    })

    it.each([
      [{ LAMELLA_MATTER: 'yes' }, 'LAMELLA_MATTER must be 1 (on) or 0 (off) (got "yes")'],
      [
        { LAMELLA_MATTER: '1', LAMELLA_MATTER_PORT: '70000' },
        'LAMELLA_MATTER_PORT must be an integer from 1 to 65535 (got "70000")',
      ],
      [
        { LAMELLA_MATTER: '1', LAMELLA_MATTER_INTERFACE: 'eth0; reboot' },
        'LAMELLA_MATTER_INTERFACE must be a network interface name such as eth0 or wlan0 (got "eth0; reboot")',
      ],
    ])('stops the start on %j, in one line naming the variable', (env, message) => {
      expect(configError(env).message).toBe(message)
    })
  })

  describe('MQTT', () => {
    it('is off without LAMELLA_MQTT_URL, and on with the defaults of section 10 with it', () => {
      expect(loadConfig({ LAMELLA_MQTT_URL: ' ' }).mqtt).toBeUndefined()
      const { mqtt } = loadConfig({ LAMELLA_MQTT_URL: 'mqtt://127.0.0.1' })
      expect(mqtt).toMatchObject({
        url: 'mqtt://127.0.0.1:1883',
        username: undefined,
        password: undefined,
        prefix: 'lamella',
        discoveryPrefix: 'homeassistant',
      })
      expect(mqtt!.hubId).toMatch(/^[a-z0-9][a-z0-9_-]*$/)
    })

    it('takes the credentials of the variables over those in the URL', () => {
      const { mqtt } = loadConfig({
        LAMELLA_MQTT_URL: 'mqtt://url-user:url-pass@broker:1884',
        LAMELLA_MQTT_USERNAME: 'hub',
        LAMELLA_MQTT_PASSWORD: 'from-env',
      })
      expect(mqtt).toMatchObject({
        url: 'mqtt://broker:1884',
        username: 'hub',
        password: 'from-env',
      })
    })

    it.each([
      ['LAMELLA_MQTT_URL', 'http://broker:1883', 'an mqtt:// or mqtts:// URL'],
      ['LAMELLA_MQTT_URL', 'broker.lan', 'an mqtt:// or mqtts:// URL'],
      ['LAMELLA_MQTT_URL', 'mqtt://broker/some/path', 'and no path'],
      ['LAMELLA_MQTT_PREFIX', 'lamella/#', 'without +, #'],
      ['LAMELLA_MQTT_PREFIX', '/lamella', 'empty levels'],
      ['LAMELLA_HUB_ID', 'Upstairs Hub', 'lower-case letters'],
      ['LAMELLA_HA_DISCOVERY', 'home+assistant', 'without +, #'],
    ])('stops the start when %s is %j', (variable, value, rule) => {
      const env = { LAMELLA_MQTT_URL: 'mqtt://broker', [variable]: value }
      const err = configError(env)
      expect(err.message).toContain(`${variable} must be`)
      expect(err.message).toContain(rule)
      expect(err.message).not.toContain('\n')
    })

    it('never repeats a password in its message', () => {
      const err = configError({ LAMELLA_MQTT_URL: 'http://hub:pass-word-1@broker' })
      expect(err.message).not.toContain('pass-word-1')
      expect(err.message).toContain('http://***@broker')
      const noUser = configError({ LAMELLA_MQTT_URL: 'mqtt://broker', LAMELLA_MQTT_PASSWORD: 'x1' })
      expect(noUser.message).toContain('needs a user name')
    })

    it('makes the host name a hub id when LAMELLA_HUB_ID is not set', async () => {
      const { mqttSettings, slug } = await import('./mqtt/settings')
      expect(slug('Pi-Upstairs.local')).toBe('pi-upstairs-local')
      expect(slug('___')).toBe('lamella')
      expect(mqttSettings({ LAMELLA_MQTT_URL: 'mqtt://b' }, () => 'Garden House')?.hubId).toBe(
        'garden-house',
      )
    })
  })

  it('accepts the edges of each range', () => {
    expect(loadConfig({ LAMELLA_PORT: '0' }).port).toBe(0)
    expect(loadConfig({ LAMELLA_PORT: '65535' }).port).toBe(65535)
    expect(loadConfig({ LAMELLA_DEAD_TIME_MS: '0' }).deadTimeMs).toBe(0)
    expect(loadConfig({ LAMELLA_DEAD_TIME_MS: '60000' }).deadTimeMs).toBe(60000)
    expect(loadConfig({ LAMELLA_LAT: '-90', LAMELLA_LON: '180' }).location).toEqual({
      lat: -90,
      lon: 180,
    })
    expect(loadConfig({ LAMELLA_BAUD: '115200' }).baud).toBe(115200)
    expect(loadConfig({ LAMELLA_HOST: '::' }).host).toBe('::')
    expect(loadConfig({ LAMELLA_HOST: 'lamella.local' }).host).toBe('lamella.local')
  })

  it('reads the word settings regardless of case', () => {
    const config = loadConfig({
      LAMELLA_PULSE: 'HUB',
      LAMELLA_PARITY: 'Odd',
      LAMELLA_LOG_LEVEL: 'DEBUG',
    })
    expect([config.pulse, config.parity, config.logLevel]).toEqual(['hub', 'odd', 'debug'])
  })

  it('takes an empty LAMELLA_ADMIN_PASSWORD as none', () => {
    expect(loadConfig({ LAMELLA_ADMIN_PASSWORD: '' }).adminPassword).toBeUndefined()
  })

  it('is in development only when NODE_ENV is development', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).development).toBe(false)
    expect(loadConfig({ NODE_ENV: 'test' }).development).toBe(false)
    expect(loadConfig({ NODE_ENV: 'development' }).development).toBe(true)
  })

  it.each([
    ['LAMELLA_HOST', 'not a host!', 'an IP address or host name'],
    ['LAMELLA_HOST', '-leading-hyphen', 'an IP address or host name'],
    ['LAMELLA_PORT', 'abc', 'an integer from 0 to 65535'],
    ['LAMELLA_PORT', '-1', 'an integer from 0 to 65535'],
    ['LAMELLA_PORT', '65536', 'an integer from 0 to 65535'],
    ['LAMELLA_PORT', '80.5', 'an integer from 0 to 65535'],
    ['LAMELLA_PORT', '1e3', 'an integer from 0 to 65535'],
    ['LAMELLA_PORT', '', 'an integer from 0 to 65535'],
    ['LAMELLA_SERIAL', 'ttyUSB0', 'an absolute device path such as /dev/ttyUSB0, or emulator'],
    ['LAMELLA_SERIAL', 'COM3', 'an absolute device path such as /dev/ttyUSB0, or emulator'],
    ['LAMELLA_SERIAL', 'Emulator', 'an absolute device path such as /dev/ttyUSB0, or emulator'],
    ['LAMELLA_BAUD', '1234', 'one of 1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200'],
    ['LAMELLA_BAUD', 'fast', 'one of 1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200'],
    ['LAMELLA_PARITY', 'mark', 'one of none, even, odd'],
    ['LAMELLA_PULSE', 'x', 'one of device, hub'],
    ['LAMELLA_DEAD_TIME_MS', '-1', 'an integer from 0 to 60000'],
    ['LAMELLA_DEAD_TIME_MS', '60001', 'an integer from 0 to 60000'],
    ['LAMELLA_DEAD_TIME_MS', 'soon', 'an integer from 0 to 60000'],
    ['TZ', 'Mars/Base', 'an IANA time zone such as Europe/Berlin'],
    ['LAMELLA_LOG_LEVEL', 'verbose', 'one of fatal, error, warn, info, debug, trace, silent'],
    ['LAMELLA_CLOCK', 'sometimes', 'one of auto, trust'],
  ])('refuses %s=%j, naming the variable and what it accepts', (name, value, accepts) => {
    expect(configError({ [name]: value }).message).toBe(
      `${name} must be ${accepts} (got "${value}")`,
    )
  })

  it('refuses a blank LAMELLA_DB', () => {
    expect(configError({ LAMELLA_DB: '   ' }).message).toBe(
      'LAMELLA_DB must be a file path (got "")',
    )
  })

  it.each([
    [
      { LAMELLA_LAT: '91', LAMELLA_LON: '0' },
      'LAMELLA_LAT must be a number from -90 to 90 (got "91")',
    ],
    [
      { LAMELLA_LAT: 'north', LAMELLA_LON: '0' },
      'LAMELLA_LAT must be a number from -90 to 90 (got "north")',
    ],
    [
      { LAMELLA_LAT: '0', LAMELLA_LON: '-180.5' },
      'LAMELLA_LON must be a number from -180 to 180 (got "-180.5")',
    ],
    [
      { LAMELLA_LAT: '0', LAMELLA_LON: 'Infinity' },
      'LAMELLA_LON must be a number from -180 to 180 (got "Infinity")',
    ],
    [
      { LAMELLA_LAT: '52.52' },
      'LAMELLA_LON must be set together with LAMELLA_LAT, a number from -180 to 180 (got "")',
    ],
    [
      { LAMELLA_LON: '13.4' },
      'LAMELLA_LAT must be set together with LAMELLA_LON, a number from -90 to 90 (got "")',
    ],
  ])('refuses the location %j, naming the variable at fault', (env, message) => {
    expect(configError(env).message).toBe(message)
  })

  it.each([
    ['too short', 'hunter2'],
    ['too long', 'p'.repeat(257)],
  ])('refuses a LAMELLA_ADMIN_PASSWORD that is %s without echoing it', (_, password) => {
    const error = configError({ LAMELLA_ADMIN_PASSWORD: password })
    expect(error.message).toBe('LAMELLA_ADMIN_PASSWORD must be 8 to 256 characters long')
    expect(error.message).not.toContain(password)
    expect(error.stack ?? '').not.toContain(password)
  })

  it('lets a flag win over its variable', () => {
    const config = loadConfig(
      {
        LAMELLA_PORT: '8080',
        LAMELLA_HOST: '0.0.0.0',
        LAMELLA_PULSE: 'device',
        TZ: 'Europe/Berlin',
      },
      { port: '9090', host: '127.0.0.1', pulse: 'hub', tz: 'America/New_York' },
    )
    expect([config.port, config.host, config.pulse, config.timeZone]).toEqual([
      9090,
      '127.0.0.1',
      'hub',
      'America/New_York',
    ])
  })

  it('ignores a bad variable that a flag overrides', () => {
    expect(
      loadConfig(
        { LAMELLA_PORT: 'abc', LAMELLA_SERIAL: 'ttyUSB0' },
        { port: '9090', serial: 'emulator' },
      ),
    ).toMatchObject({
      port: 9090,
      serial: 'emulator',
    })
  })

  it('names the flag and its variable when the flag that overrides the variable is bad', () => {
    expect(configError({ LAMELLA_PORT: '8080' }, { port: 'abc' }).message).toBe(
      '--port (LAMELLA_PORT) must be an integer from 0 to 65535 (got "abc")',
    )
    expect(configError({}, { clock: 'never' }).message).toBe(
      '--clock (LAMELLA_CLOCK) must be one of auto, trust (got "never")',
    )
    expect(configError({}, { pv: 'http://inverter' }).message).toMatch(
      /^--pv \(LAMELLA_PV\) must be /,
    )
  })

  it('falls back to the variable when a flag is not given', () => {
    expect(loadConfig({ LAMELLA_PORT: '3000' }, { host: '127.0.0.1' }).port).toBe(3000)
  })
})

describe('parseServeFlags', () => {
  it('reads every flag of `lamella serve` as a string', () => {
    const argv = [
      '--host',
      '127.0.0.1',
      '--port',
      '9090',
      '--db',
      '/tmp/l.db',
      '--serial',
      'emulator',
      '--baud',
      '9600',
    ]
    argv.push(
      '--parity',
      'none',
      '--pulse',
      'hub',
      '--dead-time-ms',
      '200',
      '--lat',
      '1',
      '--lon',
      '2',
    )
    argv.push('--tz', 'UTC', '--log-level', 'warn', '--pv', 'modbus-tcp://10.0.0.9')
    expect(parseServeFlags(argv)).toEqual({
      host: '127.0.0.1',
      port: '9090',
      db: '/tmp/l.db',
      serial: 'emulator',
      baud: '9600',
      parity: 'none',
      pulse: 'hub',
      'dead-time-ms': '200',
      lat: '1',
      lon: '2',
      tz: 'UTC',
      'log-level': 'warn',
      pv: 'modbus-tcp://10.0.0.9',
    })
  })

  it('refuses an unknown flag, a flag without a value and a stray word with a ConfigError', () => {
    for (const argv of [['--colour', 'blue'], ['--port'], ['now']]) {
      expect(() => parseServeFlags(argv), argv.join(' ')).toThrow(ConfigError)
    }
  })
})
