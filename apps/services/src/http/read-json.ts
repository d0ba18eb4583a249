// The JSON body of a request: 400 when it is missing or malformed, 415 when it is not JSON.
import { HttpError } from './http-error.ts';

export async function readJson(
  req: { header(name: string): string | undefined; text(): Promise<string> },
  required = true,
): Promise<unknown> {
  const type = req.header('content-type') ?? '';
  const text = await req.text();
  if (text.trim() === '') {
    if (required)
      throw new HttpError(400, 'Invalid body: a JSON body is required', { body: 'required' });
    return undefined;
  }
  if (type && !/^application\/(.+\+)?json\b/i.test(type) && !/^text\/plain\b/i.test(type)) {
    throw new HttpError(415, 'Unsupported content type: send application/json');
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, 'Invalid body: not valid JSON', { body: 'not valid JSON' });
  }
}
