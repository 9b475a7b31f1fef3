#!/usr/bin/env node
// `openfactors-server` (published bin): the /v1 API configured from the environment, as `npm start`.
import '../start.ts'
