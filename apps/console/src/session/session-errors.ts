// The errors the session layer rejects with.
export class SessionInfoError extends Error {
  readonly code = 'SESSION_INFO_MISSING';
  constructor() {
    super('unable to fetch session information');
  }
}

/** An outcome that no longer belongs to the session (a newer attempt, a sign-out or a user change). */
export class StaleSessionError extends Error {
  readonly code = 'SESSION_SUPERSEDED';
  constructor() {
    super('The session changed while this step was running');
  }
}
