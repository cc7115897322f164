// The one grammar of a bearer token (RFC 6750 §2.1 b64token), shared by the
// Authorization header parser and the control API that mints chosen tokens.

// b64token = 1*( ALPHA / DIGIT / "-" / "." / "_" / "~" / "+" / "/" ) *"=": base64 padding may end it.
const B64TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;

/** Whether `token` is an RFC 6750 b64token (anything else, such as a no-break space or a comma, is no key). */
export const isB64Token = (token: string): boolean => B64TOKEN.test(token);

/** A minted token's length bounds: long enough not to be guessed by accident, short enough for any header. */
export const CHOSEN_TOKEN_LENGTH = { min: 16, max: 128 } as const;

/** Whether a token a client asks the mock to mint is acceptable. */
export const isChosenToken = (token: string): boolean =>
  isB64Token(token) && token.length >= CHOSEN_TOKEN_LENGTH.min && token.length <= CHOSEN_TOKEN_LENGTH.max;
