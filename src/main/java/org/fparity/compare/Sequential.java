package org.fparity.compare;

/**
 * A list read by iterating it, perhaps from disk ({@link Spill}, {@link CaseSpill.Outcomes}): held as it is, never
 * copied into memory by those who keep it.
 */
interface Sequential {}
