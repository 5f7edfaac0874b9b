import type { CasefileApi, ContractOutput } from '../../../../shared/contracts'

/*
 * The Cases screen's calls on window.casefile: the cases' work channels, main's saveCase (the
 * bundle saved through main's own dialog) and the check of a zip handed back (caseFileVerify).
 */

export type CasesApi = Pick<
  CasefileApi,
  'caseList' | 'caseShow' | 'caseNew' | 'caseAdd' | 'caseNote' | 'saveCase' | 'caseFileVerify'
>

export type CaseVerifyAnswer = ContractOutput<'caseFileVerify'>

export function casesApi(): CasesApi {
  return window.casefile
}
