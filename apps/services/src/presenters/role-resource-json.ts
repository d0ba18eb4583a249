// The real platform's RoleResource (what `PUT /role/{id}/permission/{resourceId}` answers): the role,
// the resource and the letters the role now grants it.
import type { Row } from '../resources/resource-spec.ts';

export function roleResourceJson(role: Row, resource: Row, letters: string): Row {
  return {
    role: { id: role.id, name: role.name },
    resource: { id: resource.id, name: resource.name },
    permissions: letters,
  };
}
