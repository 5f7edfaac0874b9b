import type { z } from 'zod'
import type { caseFileContract } from '../../../../shared/contract-case-file'
import type { casesContract, caseSaveSchemas } from '../../../../shared/contract-cases'
import type { IpcResult } from '../../../../shared/ipc-result'

/*
 * The Cases screen's calls on window.casefile, typed from their own contract files: the cases'
 * work channels, main's saveCase (the bundle saved through main's own dialog) and the check of
 * a zip handed back (caseFileVerify). The page reaches them through the bridge only.
 */

type Spec = { input: z.ZodType; output: z.ZodType }
type Call<S extends Spec> =
  undefined extends z.input<S['input']>
    ? (input?: z.input<S['input']>) => Promise<IpcResult<z.output<S['output']>>>
    : (input: z.input<S['input']>) => Promise<IpcResult<z.output<S['output']>>>

type Cases = typeof casesContract
export type CasesApi = { [M in keyof Cases]: Call<Cases[M]> } & {
  saveCase: Call<typeof caseSaveSchemas>
  caseFileVerify: Call<(typeof caseFileContract)['caseFileVerify']>
}

export type CaseVerifyAnswer = z.output<(typeof caseFileContract)['caseFileVerify']['output']>
export type CaseSaveAnswer = z.output<(typeof caseSaveSchemas)['output']>

export function casesApi(): CasesApi {
  return window.casefile as unknown as CasesApi
}
