/** Real city centres; weight is roughly how many of the demo users live there. */
export interface City {
  city: string;
  country: string;
  lat: number;
  lon: number;
  weight: number;
}

export const CITIES: readonly City[] = [
  { city: 'New York', country: 'United States', lat: 40.7128, lon: -74.006, weight: 9 },
  { city: 'Los Angeles', country: 'United States', lat: 34.0522, lon: -118.2437, weight: 6 },
  { city: 'Chicago', country: 'United States', lat: 41.8781, lon: -87.6298, weight: 4 },
  { city: 'Houston', country: 'United States', lat: 29.7604, lon: -95.3698, weight: 3 },
  { city: 'San Francisco', country: 'United States', lat: 37.7749, lon: -122.4194, weight: 3 },
  { city: 'Toronto', country: 'Canada', lat: 43.6532, lon: -79.3832, weight: 4 },
  { city: 'Vancouver', country: 'Canada', lat: 49.2827, lon: -123.1207, weight: 2 },
  { city: 'Mexico City', country: 'Mexico', lat: 19.4326, lon: -99.1332, weight: 4 },
  { city: 'São Paulo', country: 'Brazil', lat: -23.5505, lon: -46.6333, weight: 5 },
  { city: 'Rio de Janeiro', country: 'Brazil', lat: -22.9068, lon: -43.1729, weight: 3 },
  { city: 'Buenos Aires', country: 'Argentina', lat: -34.6037, lon: -58.3816, weight: 3 },
  { city: 'Bogotá', country: 'Colombia', lat: 4.711, lon: -74.0721, weight: 2 },
  { city: 'Lima', country: 'Peru', lat: -12.0464, lon: -77.0428, weight: 2 },
  { city: 'London', country: 'United Kingdom', lat: 51.5074, lon: -0.1278, weight: 8 },
  { city: 'Manchester', country: 'United Kingdom', lat: 53.4808, lon: -2.2426, weight: 2 },
  { city: 'Paris', country: 'France', lat: 48.8566, lon: 2.3522, weight: 5 },
  { city: 'Berlin', country: 'Germany', lat: 52.52, lon: 13.405, weight: 5 },
  { city: 'Munich', country: 'Germany', lat: 48.1351, lon: 11.582, weight: 2 },
  { city: 'Madrid', country: 'Spain', lat: 40.4168, lon: -3.7038, weight: 4 },
  { city: 'Barcelona', country: 'Spain', lat: 41.3874, lon: 2.1686, weight: 3 },
  { city: 'Rome', country: 'Italy', lat: 41.9028, lon: 12.4964, weight: 3 },
  { city: 'Milan', country: 'Italy', lat: 45.4642, lon: 9.19, weight: 2 },
  { city: 'Amsterdam', country: 'Netherlands', lat: 52.3676, lon: 4.9041, weight: 3 },
  { city: 'Stockholm', country: 'Sweden', lat: 59.3293, lon: 18.0686, weight: 2 },
  { city: 'Warsaw', country: 'Poland', lat: 52.2297, lon: 21.0122, weight: 2 },
  { city: 'Istanbul', country: 'Turkey', lat: 41.0082, lon: 28.9784, weight: 4 },
  { city: 'Moscow', country: 'Russia', lat: 55.7558, lon: 37.6173, weight: 3 },
  { city: 'Cairo', country: 'Egypt', lat: 30.0444, lon: 31.2357, weight: 3 },
  { city: 'Lagos', country: 'Nigeria', lat: 6.5244, lon: 3.3792, weight: 4 },
  { city: 'Nairobi', country: 'Kenya', lat: -1.2921, lon: 36.8219, weight: 2 },
  { city: 'Johannesburg', country: 'South Africa', lat: -26.2041, lon: 28.0473, weight: 2 },
  { city: 'Dubai', country: 'United Arab Emirates', lat: 25.2048, lon: 55.2708, weight: 3 },
  { city: 'Mumbai', country: 'India', lat: 19.076, lon: 72.8777, weight: 6 },
  { city: 'Delhi', country: 'India', lat: 28.7041, lon: 77.1025, weight: 5 },
  { city: 'Bangalore', country: 'India', lat: 12.9716, lon: 77.5946, weight: 4 },
  { city: 'Singapore', country: 'Singapore', lat: 1.3521, lon: 103.8198, weight: 3 },
  { city: 'Jakarta', country: 'Indonesia', lat: -6.2088, lon: 106.8456, weight: 3 },
  { city: 'Bangkok', country: 'Thailand', lat: 13.7563, lon: 100.5018, weight: 3 },
  { city: 'Manila', country: 'Philippines', lat: 14.5995, lon: 120.9842, weight: 3 },
  { city: 'Ho Chi Minh City', country: 'Vietnam', lat: 10.8231, lon: 106.6297, weight: 2 },
  { city: 'Seoul', country: 'South Korea', lat: 37.5665, lon: 126.978, weight: 4 },
  { city: 'Tokyo', country: 'Japan', lat: 35.6762, lon: 139.6503, weight: 6 },
  { city: 'Shanghai', country: 'China', lat: 31.2304, lon: 121.4737, weight: 4 },
  { city: 'Sydney', country: 'Australia', lat: -33.8688, lon: 151.2093, weight: 3 },
  { city: 'Melbourne', country: 'Australia', lat: -37.8136, lon: 144.9631, weight: 2 },
  { city: 'Auckland', country: 'New Zealand', lat: -36.8485, lon: 174.7633, weight: 1 },
];
