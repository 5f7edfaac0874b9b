/*
 * The words of the Evidence Act 2011 (Nigeria) that the s.84 certificate quotes, as amended by
 * the Evidence (Amendment) Act 2023. Sources and what could not be found: docs/security.md,
 * "The certificate's wording". Section 2 of the 2023 Act inserts "electronic records" after
 * "document" in s.84(2)(a) and (c), (4)(a) and (b) and (5)(c), and after "statement" in
 * s.84(2)(d), and substitutes a new s.84(2)(b), whose full text Casefile's authors could not
 * obtain: the certificate marks it for counsel to insert rather than invent it.
 */

export const ACT = 'the Evidence Act 2011, as amended by the Evidence (Amendment) Act 2023'

export const ACT_TITLE =
  'Certificate under section 84(4) of the Evidence Act 2011, as amended by the Evidence (Amendment) Act 2023'

/** s.84(2)(a), (c) and (d) as amended: the 2011 words with "electronic records" inserted. */
export const CONDITIONS = {
  a: '(a) that the document or electronic record containing the statement was produced by the computer during a period over which the computer was used regularly to store or process information for the purposes of any activities regularly carried on over that period, whether for profit or not, by anybody, whether corporate or not, or by any individual;',
  b: '(b) [paragraph (b) as substituted by section 2 of the Evidence (Amendment) Act 2023 \u2014 COUNSEL TO INSERT ITS WORDS FROM THE ACT AS GAZETTED; Casefile does not print them because its authors could not obtain the official text. The paragraph it replaces read: \u201cthat over that period there was regularly supplied to the computer in the ordinary course of those activities information of the kind contained in the statement or of the kind from which the information so contained is derived\u201d;]',
  c: '(c) that throughout the material part of that period the computer was operating properly or, if not, that any respect in which it was not operating properly or was out of operation during that part of that period was not such as to affect the production of the document or electronic record or the accuracy of its contents; and',
  d: '(d) that the information contained in the statement or electronic record reproduces or is derived from information supplied to the computer in the ordinary course of those activities.',
}

/** s.84(4): what the certificate does, in the Act's words. */
export const SUBSECTION_4 =
  'Section 84(4) provides that a certificate identifying the document or electronic record containing the statement and describing the manner in which it was produced, giving such particulars of any device involved in its production as may be appropriate for the purpose of showing that it was produced by a computer, and dealing with any of the matters mentioned in subsection (2), purporting to be signed by a person occupying a responsible position in relation to the operation of the relevant device or the management of the relevant activities, shall be evidence of the matter stated in it; and that it is sufficient for a matter to be stated to the best of the knowledge and belief of the person stating it.'

/** Why the registry's servers need a certificate of their own (s.84(3)). */
export const COMBINATION =
  'The records are kept on the registry\u2019s servers, which its operator runs; this device only retrieved them. Where computers operate in combination or in succession, section 84(3) treats all of them as a single computer, and a certificate as to the conditions of section 84(2) for the registry\u2019s servers can only be given by a person occupying a responsible position in relation to their operation. The officer signing this certificate does not certify the registry\u2019s servers, their operation or the accuracy of what they hold.'
