/** Given names and family names from many countries, so searches and the map look like a real user base. */
// biome-ignore format: a table reads better ten to a line
export const FIRST_NAMES = [
  'James', 'Mary', 'John', 'Patricia', 'Robert', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth',
  'William', 'Sarah', 'Daniel', 'Jessica', 'Matthew', 'Emily', 'Anthony', 'Ashley', 'Andrew', 'Olivia',
  'Joshua', 'Emma', 'Ryan', 'Sophia', 'Nathan', 'Chloe', 'Ethan', 'Grace', 'Lucas', 'Hannah',
  'Noah', 'Amelia', 'Liam', 'Mia', 'Oliver', 'Isla', 'Jack', 'Ava', 'Harry', 'Zoe',
  'Mohammed', 'Fatima', 'Ahmed', 'Aisha', 'Omar', 'Layla', 'Youssef', 'Mariam', 'Karim', 'Nour',
  'Wei', 'Mei', 'Jun', 'Li', 'Hiroshi', 'Yuki', 'Haruto', 'Sakura', 'Min-jun', 'Seo-yeon',
  'Arjun', 'Priya', 'Rahul', 'Ananya', 'Vikram', 'Deepika', 'Rohan', 'Kavya', 'Sanjay', 'Meera',
  'José', 'María', 'Luis', 'Sofía', 'Carlos', 'Valentina', 'Diego', 'Camila', 'Mateo', 'Lucía',
  'João', 'Ana', 'Pedro', 'Beatriz', 'Rafael', 'Larissa', 'Gabriel', 'Juliana', 'Thiago', 'Fernanda',
  'Luca', 'Giulia', 'Marco', 'Chiara', 'Alessandro', 'Francesca', 'Pierre', 'Camille', 'Louis', 'Léa',
  'Hugo', 'Manon', 'Jonas', 'Lena', 'Felix', 'Anna', 'Max', 'Marie', 'Lars', 'Ingrid',
  'Erik', 'Astrid', 'Mikael', 'Freya', 'Piotr', 'Zofia', 'Jakub', 'Katarzyna', 'Ivan', 'Olga',
  'Dmitri', 'Natalia', 'Mehmet', 'Elif', 'Emre', 'Zeynep', 'Kwame', 'Amara', 'Chidi', 'Ngozi',
  'Tunde', 'Adaeze', 'Kofi', 'Abena', 'Samuel', 'Esther', 'Minh', 'Linh', 'Somchai', 'Siriporn',
] as const;

// biome-ignore format: a table reads better ten to a line
export const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Miller', 'Davis', 'Wilson', 'Taylor', 'Anderson',
  'Thomas', 'Moore', 'Martin', 'Jackson', 'Thompson', 'White', 'Harris', 'Clark', 'Lewis', 'Walker',
  'Hall', 'Young', 'King', 'Wright', 'Scott', 'Green', 'Baker', 'Adams', 'Nelson', 'Campbell',
  'García', 'Rodríguez', 'Martínez', 'Hernández', 'López', 'González', 'Pérez', 'Sánchez', 'Ramírez', 'Torres',
  'Silva', 'Santos', 'Oliveira', 'Souza', 'Costa', 'Pereira', 'Almeida', 'Ferreira', 'Rossi', 'Russo',
  'Ferrari', 'Esposito', 'Bianchi', 'Romano', 'Colombo', 'Dubois', 'Moreau', 'Laurent', 'Lefèvre', 'Girard',
  'Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Becker', 'Hoffmann', 'Wagner', 'Jansen', 'de Vries',
  'Bakker', 'Visser', 'Nielsen', 'Hansen', 'Larsen', 'Andersson', 'Johansson', 'Lindqvist', 'Kowalski', 'Nowak',
  'Wiśniewski', 'Novak', 'Horváth', 'Ivanov', 'Petrov', 'Popescu', 'Yilmaz', 'Kaya', 'Demir', 'Papadopoulos',
  'Hassan', 'Ali', 'Khan', 'Rahman', 'Haddad', 'Mansour', 'Cohen', 'Levi', 'Okafor', 'Mensah',
  'Adeyemi', 'Okonkwo', 'Mwangi', 'Kamau', 'Dlamini', 'Nkosi', 'Wang', 'Zhang', 'Liu', 'Chen',
  'Yang', 'Huang', 'Sato', 'Suzuki', 'Takahashi', 'Tanaka', 'Watanabe', 'Kim', 'Lee', 'Park',
  'Choi', 'Nguyen', 'Tran', 'Pham', 'Sharma', 'Patel', 'Singh', 'Kumar', 'Gupta', 'Reddy',
  'Iyer', 'Das', 'Santoso', 'Wijaya', 'Reyes', 'Cruz', 'Bautista', 'Murphy', "O'Brien", 'Kelly',
] as const;

/** 'José Lefèvre' becomes 'jose' / 'lefevre' for usernames and e-mail addresses. */
export function asciiSlug(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ś/g, 's')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}
