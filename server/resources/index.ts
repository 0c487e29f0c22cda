import { branchesResource } from './branches.ts';
import { brandsResource } from './brands.ts';
import { businessesResource } from './businesses.ts';
import { contactTypesResource } from './contact-types.ts';
import { contactsResource } from './contacts.ts';
import { conversionsResource } from './conversions.ts';
import { discountProgramsResource } from './discount-programs.ts';
import { documentResources } from './document-resources.ts';
import type { AnyResource } from './engine/resource.ts';
import { itemClassificationsResource } from './item-classifications.ts';
import { itemTypesResource } from './item-types.ts';
import { itemsResource } from './items.ts';
import { jobOrdersResource } from './job-orders.ts';
import { measuringMassesResource } from './measuring-masses.ts';
import { permissionsResource } from './permissions.ts';
import { prescriptionsResource } from './prescriptions.ts';
import { purchaseItemPricesResource } from './purchase-item-prices.ts';
import { rolesResource } from './roles.ts';
import { saleItemPricesResource } from './sale-item-prices.ts';
import { unitOfMeasurementsResource } from './unit-of-measurements.ts';
import { usersResource } from './users.ts';
import { warehousesResource } from './warehouses.ts';

// Every resource the engine serves; adding a resource is one line here.
export const resources: readonly AnyResource[] = [
  businessesResource,
  branchesResource,
  warehousesResource,
  contactTypesResource,
  contactsResource,
  usersResource,
  rolesResource,
  permissionsResource,
  measuringMassesResource,
  unitOfMeasurementsResource,
  conversionsResource,
  brandsResource,
  itemTypesResource,
  itemClassificationsResource,
  itemsResource,
  purchaseItemPricesResource,
  saleItemPricesResource,
  discountProgramsResource,
  ...documentResources,
  prescriptionsResource,
  jobOrdersResource,
];
