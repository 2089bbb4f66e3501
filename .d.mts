import { validateCloudConfig } from './src/cloud-config/index.ts';
const t = `#cloud-config\noutput:\n  all:\n  - 0\n  - default\n  - 0\n`;
for (const v of [undefined, '26.2']) console.log(v, JSON.stringify(validateCloudConfig(t, { cloudInitVersion: v }).errors.map(e => [e.path, e.code, e.message])));
