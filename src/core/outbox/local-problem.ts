/** A problem on our side (a missing file, a damaged payload): the user has to act, the registry is not involved. */
export class LocalProblem extends Error {}
