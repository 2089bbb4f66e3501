import type { inTemplate, renderJinja } from './render-jinja';
import type { validateMultipart } from '../validate-multipart';

// The parts of validation that only some user data needs: the jinja engine (`## template: jinja`) and MIME multipart.
// The pipeline (validate-user-data.ts) takes them as a value rather than importing them, so the CLI can leave them
// unloaded until a file needs them (all-user-data-engines.ts is the module it then imports).

/** Renders a `## template: jinja` text (render-jinja.ts). */
export type RenderJinja = typeof renderJinja;

/** The engines the pipeline calls for jinja templates and MIME multipart. */
export interface UserDataEngines {
  readonly renderJinja: RenderJinja;
  readonly inTemplate: typeof inTemplate;
  readonly validateMultipart: typeof validateMultipart;
}

/**
 * Thrown by the pipeline when the input needs an engine it was not given, before anything is reported: the caller
 * loads the engines and validates the input again. Never seen by a caller of validateCloudConfig, which passes all.
 */
export class EnginesNotLoaded extends Error {
  constructor() {
    super('this user data needs the jinja or MIME multipart engine, which is not loaded');
    this.name = 'EnginesNotLoaded';
  }
}
