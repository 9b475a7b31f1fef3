/**
 * Worker entry, the one file that touches the worker global: expose the engine API over
 * comlink. Build it as a module worker (`new Worker(url, { type: 'module' })`).
 */
import { expose, type Endpoint } from 'comlink'
import { createWorkerApi } from './api.ts'

expose(createWorkerApi(), self as unknown as Endpoint)
