import { validateMultipart } from '../validate-multipart';
import { inTemplate, renderJinja } from './render-jinja';
import type { UserDataEngines } from './user-data-engines';

/** Every engine: what validateCloudConfig passes, and what the CLI imports when a file first needs one. */
export const userDataEngines: UserDataEngines = { renderJinja, inTemplate, validateMultipart };
