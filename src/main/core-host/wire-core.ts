import type { CreateAppCore } from './app-core'
import { createCasefileAppCore } from './casefile-app-core'

/** The core the shell runs for each profile (see casefile-app-core.ts). */
export const createAppCore: CreateAppCore = (profile) => createCasefileAppCore(profile)
