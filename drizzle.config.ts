import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'sqlite',
  schema: './hub/db/schema.ts',
  out: './hub/db/migrations',
})
