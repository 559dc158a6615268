/**
 * The template module's public entry: the template service (devices check template ids, alarm
 * rules read a template's tags and bump its version) and the port it reaches alarm rules through.
 */
export { TemplateService, type TemplateRules } from './template.service.ts';
