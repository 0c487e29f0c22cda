import type { AnyResource } from '../engine/resource.ts';
import { documentResources } from './document-resources.ts';
import { jobOrdersResource } from './eye-care/job-orders.ts';
import { prescriptionsResource } from './eye-care/prescriptions.ts';
import { brandsResource } from './inventory/brands.ts';
import { conversionsResource } from './inventory/conversions.ts';
import { itemClassificationsResource } from './inventory/item-classifications.ts';
import { itemTypesResource } from './inventory/item-types.ts';
import { itemsResource } from './inventory/items.ts';
import { measuringMassesResource } from './inventory/measuring-masses.ts';
import { unitOfMeasurementsResource } from './inventory/unit-of-measurements.ts';
import { branchesResource } from './management/branches.ts';
import { businessesResource } from './management/businesses.ts';
import { contactTypesResource } from './management/contact-types.ts';
import { contactsResource } from './management/contacts.ts';
import { permissionsResource } from './management/permissions.ts';
import { rolesResource } from './management/roles.ts';
import { usersResource } from './management/users.ts';
import { warehousesResource } from './management/warehouses.ts';
import { purchaseItemPricesResource } from './purchasing/purchase-item-prices.ts';
import { discountProgramsResource } from './sales/discount-programs.ts';
import { saleItemPricesResource } from './sales/sale-item-prices.ts';

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
