// Every way a template can fail, as data. Thrown inside the engine (the evaluator is recursive and
// a failure ends the rendering), caught at its one entry point (render-template.ts), never outside.

/**
 * Why a template was not rendered: `syntax` (cloud-init reports the file as failing to render),
 * `render` (cloud-init logs a warning and ignores the template: an undefined object's attribute, a
 * type error, an unsafe attribute), `unsupported` (valid Jinja this validator does not render),
 * `limit` (the rendering cost cap).
 */
export type JinjaFailureKind = 'syntax' | 'render' | 'unsupported' | 'limit';

export class JinjaFailure extends Error {
  constructor(
    readonly kind: JinjaFailureKind,
    message: string,
    /** Offset in the template text where the failure is shown. */
    readonly offset: number,
  ) {
    super(message);
  }
}

export function fail(kind: JinjaFailureKind, message: string, offset: number): never {
  throw new JinjaFailure(kind, message, offset);
}
