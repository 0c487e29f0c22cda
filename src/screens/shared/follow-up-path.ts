import type { ResourceDefinition, ResourceRecord } from '../../resources/resource.ts';

export type FollowUp = NonNullable<ResourceDefinition['followUps']>[number];

// The create route of a document that starts from this record (a payment of an invoice); one that returns here
// comes back to this record's view once saved.
export function followUpPath(resource: ResourceDefinition, followUp: FollowUp, record: ResourceRecord): string {
  if (followUp.path) return followUp.path(record);
  const segment = followUp.segment ? `${followUp.segment}/` : '';
  const back = followUp.returnHere ? `?redirect_to=${resource.key}.view&id=${record.id}` : '';
  return `/${followUp.resource}/create/${segment}${followUp.sourceId?.(record) ?? record.id}${back}`;
}
