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

const frame = (code: string, name: string, brand: string, supplier: string, cost: number, price: number): DemoItem => ({
  code,
  name,
  brand,
  type: 'Frame',
  classification: price >= 9000 ? 'Premium' : price >= 5000 ? 'Standard' : 'Value',
  unit: 'Piece',
  supplier,
  cost,
  price,
  reorderLevel: 2,
});

const lens = (code: string, name: string, brand: string, supplier: string, cost: number, price: number): DemoItem => ({
  code,
  name,
  brand,
  type: 'Ophthalmic Lens',
  classification: price >= 10000 ? 'Premium' : price >= 4000 ? 'Standard' : 'Value',
  unit: 'Pair',
  supplier,
  cost,
  price,
  reorderLevel: 4,
});

const contact = (
  code: string,
  name: string,
  brand: string,
  supplier: string,
  cost: number,
  price: number,
): DemoItem => ({
  code,
  name,
  brand,
  type: 'Contact Lens',
  classification: 'Standard',
  unit: 'Box',
  supplier,
  cost,
  price,
  reorderLevel: 10,
});

const supply = (
  code: string,
  name: string,
  brand: string,
  type: 'Lens Solution' | 'Accessory',
  unit: 'Piece' | 'Bottle',
  cost: number,
  price: number,
): DemoItem => ({
  code,
  name,
  brand,
  type,
  classification: 'Value',
  unit,
  supplier:
    brand === 'Bausch + Lomb'
      ? 'Bausch + Lomb Philippines'
      : brand === 'Alcon'
        ? 'Alcon Laboratories Philippines'
        : 'OptiSupply Trading',
  cost,
  price,
  reorderLevel: 12,
});

export const demoItems: DemoItem[] = [
  frame('RB-2140-901', 'Ray-Ban Original Wayfarer RB2140 Black', 'Ray-Ban', 'Luxottica Philippines', 4200, 8990),
  frame('RB-3025-L0205', 'Ray-Ban Aviator Classic RB3025 Gold', 'Ray-Ban', 'Luxottica Philippines', 4500, 9490),
  frame('RB-5154-2000', 'Ray-Ban Clubmaster RB5154 Optical', 'Ray-Ban', 'Luxottica Philippines', 3900, 7990),
  frame('RB-3447-029', 'Ray-Ban Round Metal RB3447 Gunmetal', 'Ray-Ban', 'Luxottica Philippines', 4100, 8490),
  frame('RB-7047-5196', 'Ray-Ban RB7047 Rectangle Optical', 'Ray-Ban', 'Luxottica Philippines', 3200, 6490),
  frame('RB-5228-2000', 'Ray-Ban RB5228 Square Optical', 'Ray-Ban', 'Luxottica Philippines', 3300, 6790),
  frame('OX-8046-0155', 'Oakley Airdrop OX8046 Satin Black', 'Oakley', 'Luxottica Philippines', 4300, 8990),
  frame('OX-3227-0153', 'Oakley Gauge 3.1 OX3227 Titanium', 'Oakley', 'Luxottica Philippines', 4800, 9990),
  frame('OX-8156-0154', 'Oakley Holbrook RX OX8156', 'Oakley', 'Luxottica Philippines', 4400, 8790),
  frame('OO-9208-01', 'Oakley Radar EV Path Sunglasses', 'Oakley', 'Luxottica Philippines', 5200, 10990),
  frame('PR-17WS-1AB', 'Prada Symbole PR 17WS Sunglasses', 'Prada', 'Luxottica Philippines', 9800, 21990),
  frame('PR-16MV-1AB', 'Prada Heritage PR 16MV Optical', 'Prada', 'Luxottica Philippines', 7900, 16990),
  frame('GG-0061O-001', 'Gucci GG0061O Square Optical', 'Gucci', 'Kering Eyewear Asia', 9200, 19990),
  frame('GG-0396O-002', 'Gucci GG0396O Cat Eye Optical', 'Gucci', 'Kering Eyewear Asia', 9500, 20990),
  frame('SP-FLX-101', 'Spectacle Flex Kids Frame Blue', 'Spectacle', 'OptiSupply Trading', 650, 1990),
  frame('SP-FLX-102', 'Spectacle Flex Kids Frame Pink', 'Spectacle', 'OptiSupply Trading', 650, 1990),
  frame('SP-TIT-201', 'Spectacle Titanium Rimless Frame', 'Spectacle', 'OptiSupply Trading', 1800, 4490),
  frame('SP-ACE-301', 'Spectacle Acetate Round Frame Tortoise', 'Spectacle', 'OptiSupply Trading', 1200, 2990),
  frame('SP-ACE-302', 'Spectacle Acetate Square Frame Black', 'Spectacle', 'OptiSupply Trading', 1200, 2990),
  frame('SP-MTL-401', 'Spectacle Metal Half-Rim Frame Silver', 'Spectacle', 'OptiSupply Trading', 1100, 2790),
  lens('ES-VRX-156', 'Essilor Varilux X Series Progressive 1.56', 'Essilor', 'Essilor Philippines', 9500, 22000),
  lens('ES-VRC-150', 'Essilor Varilux Comfort Max Progressive 1.50', 'Essilor', 'Essilor Philippines', 6800, 15500),
  lens('ES-CRZ-156', 'Essilor Crizal Sapphire Single Vision 1.56', 'Essilor', 'Essilor Philippines', 2400, 5800),
  lens('ES-EYZ-160', 'Essilor Eyezen Start Single Vision 1.60', 'Essilor', 'Essilor Philippines', 2900, 6900),
  lens('ES-TRN-156', 'Essilor Transitions Gen S Single Vision 1.56', 'Essilor', 'Essilor Philippines', 3800, 8900),
  lens('HY-HLX-150', 'Hoya Hilux Single Vision 1.50 Hard Coat', 'Hoya', 'Hoya Lens Philippines', 900, 2400),
  lens('HY-MYS-159', 'Hoya MiYOSMART Myopia Control 1.59', 'Hoya', 'Hoya Lens Philippines', 6200, 14500),
  lens('HY-IDM-160', 'Hoyalux iD MyStyle V+ Progressive 1.60', 'Hoya', 'Hoya Lens Philippines', 10500, 25000),
  lens('HY-BLC-156', 'Hoya BlueControl Single Vision 1.56', 'Hoya', 'Hoya Lens Philippines', 1700, 4200),
  lens('ZS-SLP-160', 'Zeiss SmartLife Progressive 1.60', 'Zeiss', 'Carl Zeiss Vision Philippines', 11200, 26500),
  lens(
    'ZS-DVB-160',
    'Zeiss Single Vision 1.60 DuraVision BlueProtect',
    'Zeiss',
    'Carl Zeiss Vision Philippines',
    3100,
    7500,
  ),
  lens('ZS-DRV-150', 'Zeiss DriveSafe Single Vision 1.50', 'Zeiss', 'Carl Zeiss Vision Philippines', 3400, 7900),
  lens('ZS-OFF-150', 'Zeiss Officelens Individual 1.50', 'Zeiss', 'Carl Zeiss Vision Philippines', 5600, 12900),
  lens('ZS-PHO-160', 'Zeiss PhotoFusion X Single Vision 1.60', 'Zeiss', 'Carl Zeiss Vision Philippines', 4300, 9900),
  contact('AC-OAS-6', 'Acuvue Oasys 2-Week (box of 6)', 'Acuvue', 'Johnson & Johnson Vision Care', 950, 1650),
  contact('AC-M1D-30', 'Acuvue Moist 1-Day (box of 30)', 'Acuvue', 'Johnson & Johnson Vision Care', 1050, 1850),
  contact('AC-OAA-6', 'Acuvue Oasys for Astigmatism (box of 6)', 'Acuvue', 'Johnson & Johnson Vision Care', 1250, 2150),
  contact(
    'AC-DEF-30',
    'Acuvue Define 1-Day Natural Shine (box of 30)',
    'Acuvue',
    'Johnson & Johnson Vision Care',
    1300,
    2290,
  ),
  contact('BL-SOF-6', 'Bausch + Lomb SofLens 59 (box of 6)', 'Bausch + Lomb', 'Bausch + Lomb Philippines', 520, 950),
  contact(
    'BL-BIO-30',
    'Bausch + Lomb Biotrue ONEday (box of 30)',
    'Bausch + Lomb',
    'Bausch + Lomb Philippines',
    900,
    1590,
  ),
  contact('BL-ULT-6', 'Bausch + Lomb Ultra (box of 6)', 'Bausch + Lomb', 'Bausch + Lomb Philippines', 1100, 1890),
  contact('AL-DT1-30', 'Alcon Dailies Total1 (box of 30)', 'Alcon', 'Alcon Laboratories Philippines', 1600, 2690),
  contact(
    'AL-AOA-6',
    'Alcon Air Optix plus HydraGlyde (box of 6)',
    'Alcon',
    'Alcon Laboratories Philippines',
    1000,
    1750,
  ),
  contact('AL-FLC-2', 'Alcon FreshLook Colorblends (box of 2)', 'Alcon', 'Alcon Laboratories Philippines', 480, 890),
  supply(
    'BL-REN-355',
    'Renu Fresh Multi-Purpose Solution 355 mL',
    'Bausch + Lomb',
    'Lens Solution',
    'Bottle',
    260,
    449,
  ),
  supply(
    'BL-REN-120',
    'Renu Fresh Multi-Purpose Solution 120 mL',
    'Bausch + Lomb',
    'Lens Solution',
    'Bottle',
    120,
    219,
  ),
  supply('BL-BTS-300', 'Biotrue Multi-Purpose Solution 300 mL', 'Bausch + Lomb', 'Lens Solution', 'Bottle', 280, 499),
  supply('AL-OPF-300', 'Opti-Free PureMoist Solution 300 mL', 'Alcon', 'Lens Solution', 'Bottle', 300, 529),
  supply('AL-AOS-360', 'Clear Care Plus Hydrogen Peroxide 360 mL', 'Alcon', 'Lens Solution', 'Bottle', 380, 659),
  supply('SP-RWT-10', 'Spectacle Rewetting Drops 10 mL', 'Spectacle', 'Lens Solution', 'Bottle', 95, 189),
  supply('SP-CLT-01', 'Spectacle Microfiber Cleaning Cloth', 'Spectacle', 'Accessory', 'Piece', 15, 49),
  supply('SP-HCS-01', 'Spectacle Hard Clamshell Case', 'Spectacle', 'Accessory', 'Piece', 70, 199),
  supply('SP-PCH-01', 'Spectacle Soft Pouch', 'Spectacle', 'Accessory', 'Piece', 25, 79),
  supply('SP-SPR-60', 'Spectacle Lens Cleaning Spray 60 mL', 'Spectacle', 'Accessory', 'Piece', 45, 129),
  supply('SP-CRD-01', 'Spectacle Eyeglass Cord', 'Spectacle', 'Accessory', 'Piece', 20, 69),
  supply('SP-NSP-01', 'Spectacle Silicone Nose Pads (pair)', 'Spectacle', 'Accessory', 'Piece', 10, 39),
  supply('SP-CLC-01', 'Spectacle Contact Lens Case', 'Spectacle', 'Accessory', 'Piece', 18, 59),
  supply('SP-SDK-01', 'Spectacle Eyeglass Repair Kit', 'Spectacle', 'Accessory', 'Piece', 35, 119),
  {
    code: 'SV-EXAM-01',
    name: 'Comprehensive Eye Examination',
    brand: 'Spectacle',
    type: 'Service',
    classification: 'Standard',
    unit: 'Piece',
    supplier: 'OptiSupply Trading',
    cost: 0,
    price: 500,
    tracked: false,
  },
  {
    code: 'SV-CLFIT-01',
    name: 'Contact Lens Fitting',
    brand: 'Spectacle',
    type: 'Service',
    classification: 'Standard',
    unit: 'Piece',
    supplier: 'OptiSupply Trading',
    cost: 0,
    price: 800,
    tracked: false,
  },
];

export const demoSuppliers = [
  'Luxottica Philippines',
  'Kering Eyewear Asia',
  'Essilor Philippines',
  'Hoya Lens Philippines',
  'Carl Zeiss Vision Philippines',
  'Johnson & Johnson Vision Care',
  'Bausch + Lomb Philippines',
  'Alcon Laboratories Philippines',
  'OptiSupply Trading',
];

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
