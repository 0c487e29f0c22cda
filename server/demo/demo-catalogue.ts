// The demo shop's catalogue: real-looking optical products with a supplier, a unit cost and a shelf price (pesos).
export type DemoItem = {
  code: string;
  name: string;
  brand: string;
  type: 'Frame' | 'Ophthalmic Lens' | 'Contact Lens' | 'Lens Solution' | 'Accessory' | 'Service';
  classification: 'Premium' | 'Standard' | 'Value';
  unit: 'Piece' | 'Pair' | 'Box' | 'Bottle';
  supplier: string;
  cost: number;
  price: number;
  reorderLevel?: number;
  tracked?: false;
};

// Each brand comes from one supplier.
const supplierOf = {
  'Ray-Ban': 'Luxottica Philippines',
  Oakley: 'Luxottica Philippines',
  Prada: 'Luxottica Philippines',
  Gucci: 'Kering Eyewear Asia',
  Essilor: 'Essilor Philippines',
  Hoya: 'Hoya Lens Philippines',
  Zeiss: 'Carl Zeiss Vision Philippines',
  Acuvue: 'Johnson & Johnson Vision Care',
  'Bausch + Lomb': 'Bausch + Lomb Philippines',
  Alcon: 'Alcon Laboratories Philippines',
  Spectacle: 'OptiSupply Trading',
} as const;
type Brand = keyof typeof supplierOf;

type Classification = DemoItem['classification'];

// A stocked item of one kind, from its brand's supplier, classed by its shelf price.
const stockedItem =
  (kind: Pick<DemoItem, 'type' | 'unit' | 'reorderLevel'>, classOf: (price: number) => Classification) =>
  (code: string, name: string, brand: Brand, cost: number, price: number): DemoItem => ({
    code,
    name,
    brand,
    type: kind.type,
    classification: classOf(price),
    unit: kind.unit,
    supplier: supplierOf[brand],
    cost,
    price,
    reorderLevel: kind.reorderLevel,
  });

const frame = stockedItem({ type: 'Frame', unit: 'Piece', reorderLevel: 2 }, (price) =>
  price >= 9000 ? 'Premium' : price >= 5000 ? 'Standard' : 'Value',
);

const lens = stockedItem({ type: 'Ophthalmic Lens', unit: 'Pair', reorderLevel: 4 }, (price) =>
  price >= 10000 ? 'Premium' : price >= 4000 ? 'Standard' : 'Value',
);

const contact = stockedItem({ type: 'Contact Lens', unit: 'Box', reorderLevel: 10 }, () => 'Standard');

const solution = stockedItem({ type: 'Lens Solution', unit: 'Bottle', reorderLevel: 12 }, () => 'Value');

const accessory = stockedItem({ type: 'Accessory', unit: 'Piece', reorderLevel: 12 }, () => 'Value');

// A service the shop performs: nothing bought, nothing on a shelf.
const service = (code: string, name: string, price: number): DemoItem => ({
  code,
  name,
  brand: 'Spectacle',
  type: 'Service',
  classification: 'Standard',
  unit: 'Piece',
  supplier: supplierOf.Spectacle,
  cost: 0,
  price,
  tracked: false,
});

export const demoItems: DemoItem[] = [
  frame('RB-2140-901', 'Ray-Ban Original Wayfarer RB2140 Black', 'Ray-Ban', 4200, 8990),
  frame('RB-3025-L0205', 'Ray-Ban Aviator Classic RB3025 Gold', 'Ray-Ban', 4500, 9490),
  frame('RB-5154-2000', 'Ray-Ban Clubmaster RB5154 Optical', 'Ray-Ban', 3900, 7990),
  frame('RB-3447-029', 'Ray-Ban Round Metal RB3447 Gunmetal', 'Ray-Ban', 4100, 8490),
  frame('RB-7047-5196', 'Ray-Ban RB7047 Rectangle Optical', 'Ray-Ban', 3200, 6490),
  frame('RB-5228-2000', 'Ray-Ban RB5228 Square Optical', 'Ray-Ban', 3300, 6790),
  frame('OX-8046-0155', 'Oakley Airdrop OX8046 Satin Black', 'Oakley', 4300, 8990),
  frame('OX-3227-0153', 'Oakley Gauge 3.1 OX3227 Titanium', 'Oakley', 4800, 9990),
  frame('OX-8156-0154', 'Oakley Holbrook RX OX8156', 'Oakley', 4400, 8790),
  frame('OO-9208-01', 'Oakley Radar EV Path Sunglasses', 'Oakley', 5200, 10990),
  frame('PR-17WS-1AB', 'Prada Symbole PR 17WS Sunglasses', 'Prada', 9800, 21990),
  frame('PR-16MV-1AB', 'Prada Heritage PR 16MV Optical', 'Prada', 7900, 16990),
  frame('GG-0061O-001', 'Gucci GG0061O Square Optical', 'Gucci', 9200, 19990),
  frame('GG-0396O-002', 'Gucci GG0396O Cat Eye Optical', 'Gucci', 9500, 20990),
  frame('SP-FLX-101', 'Spectacle Flex Kids Frame Blue', 'Spectacle', 650, 1990),
  frame('SP-FLX-102', 'Spectacle Flex Kids Frame Pink', 'Spectacle', 650, 1990),
  frame('SP-TIT-201', 'Spectacle Titanium Rimless Frame', 'Spectacle', 1800, 4490),
  frame('SP-ACE-301', 'Spectacle Acetate Round Frame Tortoise', 'Spectacle', 1200, 2990),
  frame('SP-ACE-302', 'Spectacle Acetate Square Frame Black', 'Spectacle', 1200, 2990),
  frame('SP-MTL-401', 'Spectacle Metal Half-Rim Frame Silver', 'Spectacle', 1100, 2790),
  lens('ES-VRX-156', 'Essilor Varilux X Series Progressive 1.56', 'Essilor', 9500, 22000),
  lens('ES-VRC-150', 'Essilor Varilux Comfort Max Progressive 1.50', 'Essilor', 6800, 15500),
  lens('ES-CRZ-156', 'Essilor Crizal Sapphire Single Vision 1.56', 'Essilor', 2400, 5800),
  lens('ES-EYZ-160', 'Essilor Eyezen Start Single Vision 1.60', 'Essilor', 2900, 6900),
  lens('ES-TRN-156', 'Essilor Transitions Gen S Single Vision 1.56', 'Essilor', 3800, 8900),
  lens('HY-HLX-150', 'Hoya Hilux Single Vision 1.50 Hard Coat', 'Hoya', 900, 2400),
  lens('HY-MYS-159', 'Hoya MiYOSMART Myopia Control 1.59', 'Hoya', 6200, 14500),
  lens('HY-IDM-160', 'Hoyalux iD MyStyle V+ Progressive 1.60', 'Hoya', 10500, 25000),
  lens('HY-BLC-156', 'Hoya BlueControl Single Vision 1.56', 'Hoya', 1700, 4200),
  lens('ZS-SLP-160', 'Zeiss SmartLife Progressive 1.60', 'Zeiss', 11200, 26500),
  lens('ZS-DVB-160', 'Zeiss Single Vision 1.60 DuraVision BlueProtect', 'Zeiss', 3100, 7500),
  lens('ZS-DRV-150', 'Zeiss DriveSafe Single Vision 1.50', 'Zeiss', 3400, 7900),
  lens('ZS-OFF-150', 'Zeiss Officelens Individual 1.50', 'Zeiss', 5600, 12900),
  lens('ZS-PHO-160', 'Zeiss PhotoFusion X Single Vision 1.60', 'Zeiss', 4300, 9900),
  contact('AC-OAS-6', 'Acuvue Oasys 2-Week (box of 6)', 'Acuvue', 950, 1650),
  contact('AC-M1D-30', 'Acuvue Moist 1-Day (box of 30)', 'Acuvue', 1050, 1850),
  contact('AC-OAA-6', 'Acuvue Oasys for Astigmatism (box of 6)', 'Acuvue', 1250, 2150),
  contact('AC-DEF-30', 'Acuvue Define 1-Day Natural Shine (box of 30)', 'Acuvue', 1300, 2290),
  contact('BL-SOF-6', 'Bausch + Lomb SofLens 59 (box of 6)', 'Bausch + Lomb', 520, 950),
  contact('BL-BIO-30', 'Bausch + Lomb Biotrue ONEday (box of 30)', 'Bausch + Lomb', 900, 1590),
  contact('BL-ULT-6', 'Bausch + Lomb Ultra (box of 6)', 'Bausch + Lomb', 1100, 1890),
  contact('AL-DT1-30', 'Alcon Dailies Total1 (box of 30)', 'Alcon', 1600, 2690),
  contact('AL-AOA-6', 'Alcon Air Optix plus HydraGlyde (box of 6)', 'Alcon', 1000, 1750),
  contact('AL-FLC-2', 'Alcon FreshLook Colorblends (box of 2)', 'Alcon', 480, 890),
  solution('BL-REN-355', 'Renu Fresh Multi-Purpose Solution 355 mL', 'Bausch + Lomb', 260, 449),
  solution('BL-REN-120', 'Renu Fresh Multi-Purpose Solution 120 mL', 'Bausch + Lomb', 120, 219),
  solution('BL-BTS-300', 'Biotrue Multi-Purpose Solution 300 mL', 'Bausch + Lomb', 280, 499),
  solution('AL-OPF-300', 'Opti-Free PureMoist Solution 300 mL', 'Alcon', 300, 529),
  solution('AL-AOS-360', 'Clear Care Plus Hydrogen Peroxide 360 mL', 'Alcon', 380, 659),
  solution('SP-RWT-10', 'Spectacle Rewetting Drops 10 mL', 'Spectacle', 95, 189),
  accessory('SP-CLT-01', 'Spectacle Microfiber Cleaning Cloth', 'Spectacle', 15, 49),
  accessory('SP-HCS-01', 'Spectacle Hard Clamshell Case', 'Spectacle', 70, 199),
  accessory('SP-PCH-01', 'Spectacle Soft Pouch', 'Spectacle', 25, 79),
  accessory('SP-SPR-60', 'Spectacle Lens Cleaning Spray 60 mL', 'Spectacle', 45, 129),
  accessory('SP-CRD-01', 'Spectacle Eyeglass Cord', 'Spectacle', 20, 69),
  accessory('SP-NSP-01', 'Spectacle Silicone Nose Pads (pair)', 'Spectacle', 10, 39),
  accessory('SP-CLC-01', 'Spectacle Contact Lens Case', 'Spectacle', 18, 59),
  accessory('SP-SDK-01', 'Spectacle Eyeglass Repair Kit', 'Spectacle', 35, 119),
  service('SV-EXAM-01', 'Comprehensive Eye Examination', 500),
  service('SV-CLFIT-01', 'Contact Lens Fitting', 800),
];

export const demoSuppliers = [...new Set(Object.values(supplierOf))];

export const demoCustomers = [
  'Maria Clara Santos',
  'Jose Rizal Mercado',
  'Andrea Villanueva',
  'Miguel Fernandez',
  'Katrina Reyes',
  'Paolo Bautista',
  'Angelica Cruz',
  'Ramon Garcia',
  'Liza Mendoza',
  'Carlo Aquino',
  'Walk-in Customer',
];
