// A fetch answer read whole, as the test clients hand it back: its status, headers, text and JSON (when it is JSON).

export interface ReadAnswer {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

/** Reads the answer's body once; `json` is undefined when the text is not JSON. */
export async function answerOf(res: Response): Promise<ReadAnswer> {
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}
