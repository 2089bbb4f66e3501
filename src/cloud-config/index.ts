/**
 * `shopkeep/cloud-config`: validate cloud-init `#cloud-config` user data.
 *
 * @packageDocumentation
 */
export {};
