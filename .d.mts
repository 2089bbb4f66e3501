import { validateCloudConfig } from './src/cloud-config/index.ts';
const t = `#cloud-config
users:
- name: abc
  expiredate: '2030-02-30'
- doas:
  - x
  lock_passwd: true
`;
for (const v of [undefined, '26.2']) console.log(v, JSON.stringify(validateCloudConfig(t, { cloudInitVersion: v }).errors.map(e => [e.path, e.code, e.message])));
