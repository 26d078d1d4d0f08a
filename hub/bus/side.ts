// Which of a blind's two relays: the leaf every bus and position module names it from.

export type Side = 'UP' | 'DOWN'
