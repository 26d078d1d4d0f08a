// SunSpec over Modbus in one import: discovery, the model decoders and their types. See
// README section 13.
export * from './sunspec-types'
export { discoverModels, MAX_MODELS, type RegisterReader } from './sunspec-discovery'
export * from './sunspec-models'
export { decodePoint, encodePoint, NOT_IMPLEMENTED, scaled, type PointType } from './sunspec-points'
